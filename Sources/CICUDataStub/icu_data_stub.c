/* ICU's common data, empty (issue 41, "a lean binary"). libical links ICU for RSCALE rules, which
** CalGrid never asks libical to expand (CalGrid's own rule engine does; docs/recurrence.md), and a
** static link of libicuuc pulls in libicudata's one member: a 30 MB table of every locale,
** converter and calendar, 33.5 MB of the 56 MB calgrid. This object holds a table of contents with
** no entries, and the link (mk/cli.mk) points that table's symbol, icudt<ICU major>_dat, at it with
** --defsym, so libicudata.a's member is never pulled in. An ICU call
** that needs data then finds none and returns U_MISSING_RESOURCE_ERROR (or U_FILE_ACCESS_ERROR);
** nothing CalGrid calls needs any.
**
** The layout is ICU's common-data header as udata.cpp checks it (udata_checkCommonData): the
** MappedData prefix (header size, magic 0xda 0x27), a UDataInfo (20 bytes: this machine's byte order,
** the ASCII charset family, 2-byte UChar, the format "ToCP" version 1), padding to the header size,
** then the table: a count of 0 and one empty entry. */
#include <stdint.h>

struct calgrid_icu_empty_data {
    uint16_t header_size;
    uint8_t magic1, magic2;
    struct {
        uint16_t size, reserved_word;
        uint8_t is_big_endian, charset_family, sizeof_uchar, reserved_byte;
        uint8_t data_format[4], format_version[4], data_version[4];
    } info;
    uint8_t padding[8];
    uint32_t count;
    uint32_t entry[2];
};

extern const struct calgrid_icu_empty_data calgrid_icu_empty_data;
const struct calgrid_icu_empty_data calgrid_icu_empty_data = {
    32, 0xda, 0x27,
    { 20, 0,
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
      1,
#else
      0,
#endif
      0, 2, 0, { 'T', 'o', 'C', 'P' }, { 1, 0, 0, 0 }, { 0, 0, 0, 0 } },
    { 0 }, 0, { 0, 0 }
};

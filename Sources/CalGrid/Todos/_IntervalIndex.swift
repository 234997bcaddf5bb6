/// Placeholder until the interval index lands: overlap queries scan.
@usableFromInline
struct _IntervalIndex {}

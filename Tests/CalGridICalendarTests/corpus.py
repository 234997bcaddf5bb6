"""The corpus walk the checks of this directory share (alarms_check, cli_check, phones_check,
times_check, written_zones_check): each .ics file of the given directories, in name order within
each, so every check reads the same files in the same order."""
import os


def ics_files(dirs):
    """(name, path) of every .ics file in `dirs`, directory by directory, names sorted."""
    for d in dirs:
        for name in sorted(os.listdir(d)):
            if name.endswith(".ics"):
                yield name, os.path.join(d, name)

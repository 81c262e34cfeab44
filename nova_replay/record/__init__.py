"""Game records: the log format (pydantic models), reading it (and foreign formats
such as hanab.live's), writing it, log <-> engine actions, loading a record and
validation reports. Builds on `rules` only.
"""

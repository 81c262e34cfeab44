"""Whole corpora: many logs in, one table out (`nova-replay batch`).

`sources` streams logs from files, folders, globs and JSON Lines; `rows` turns one
log into its game row and player rows; `run` maps that over the logs on local
processes or a Dask cluster, in order; `tables` writes Parquet, CSV or JSON Lines.
Builds on `review` and `record`.
"""

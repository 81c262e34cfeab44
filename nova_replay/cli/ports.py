"""The dashboard's port: the one asked for, or, when another program holds it, a free one."""

from __future__ import annotations

import errno
import socket

NEARBY = 10  # ports tried after a taken one, before asking the system for any free port


def _free(host: str, port: int) -> bool:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.create_server((host, port), family=family):
            return True
    except OSError as e:
        if e.errno in (errno.EADDRINUSE, errno.EACCES):
            return False
        raise  # not about the port (an address this machine does not have): the caller says so


def free_port(host: str, port: int) -> int:
    """`port` when it is free (0 stays 0: the server takes any free one), else the first
    free port of the next NEARBY, else 0. Raises OSError for a host it cannot listen on."""
    if port == 0 or _free(host, port):
        return port
    return next((p for p in range(port + 1, min(port + 1 + NEARBY, 65536)) if _free(host, p)), 0)

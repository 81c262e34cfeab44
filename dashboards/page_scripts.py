"""What the page loads: the scripts Dash lists, less those no page of ours uses.

Dash lists the bundle of its table component (dash_table) on every page, used or not;
no page of ours draws one (the corpus view is a plain HTML table, corpus_view.py), so it
is left out: one request and its parse fewer on every first visit (issue 23).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from dash import Dash

# The script tags of a component library that no page of ours uses.
UNUSED = re.compile(r'<script src="[^"]*/_dash-component-suites/dash/dash_table/[^"]*">'
                    r"</script>\n?")


def page_scripts(scripts: str) -> str:
    """The page's script tags (as Dash writes them) without the unused libraries'."""
    return UNUSED.sub("", scripts)


def trim(app: Dash) -> None:
    """Make `app`'s page list only the scripts it uses."""
    interpolate: Callable[..., Any] = app.interpolate_index

    def index(**parts: Any) -> str:
        parts["scripts"] = page_scripts(parts.get("scripts", ""))
        return str(interpolate(**parts))

    app.interpolate_index = index  # type: ignore[method-assign,assignment]

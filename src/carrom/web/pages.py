"""The app's static pages by address: each serves its HTML file as it is, never a stale copy from a cache (the page
reads what it shows from its own address and the API, so one file serves every event, match or list)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

STATIC = Path(__file__).parent / "static"


def add_pages(router: APIRouter, pages: dict[str, str]) -> None:
    """Route each address (its parameters, if any, are the page's to read) to its file under ``static``."""
    for path, name in pages.items():
        router.add_api_route(path, _serve(name), include_in_schema=False)


def _serve(name: str):
    async def serve() -> FileResponse:
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})
    return serve

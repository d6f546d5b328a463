"""The web app: play against people and the computer in the browser (docs/web.md)."""

from carrom.web.app import create_app

__all__ = ["create_app"]

"""Pictures of the board: SVG drawn to scale from the equipment data."""

from carrom.render.svg import board_svg

__all__ = ["board_svg"]

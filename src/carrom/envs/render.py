"""Frames for the environments' ``render``: the board renderer's SVG as an RGB array, or on screen.

``rgb_array``: ``carrom.render.board_svg`` (the observing seat at the bottom, its legal
striker positions in green) rasterized by CairoSVG, decoded by Pillow, shape (size, size, 3).
``human``: the same frame in a matplotlib window, refreshed at each call.
"""

from __future__ import annotations

import io

import numpy as np

from carrom.equipment import Layout
from carrom.render import board_svg

RENDER_MODES = ("rgb_array", "human")
SIZE = 400


def check_mode(render_mode: str | None) -> str | None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode {render_mode!r} is not one of {', '.join(RENDER_MODES)} (or None)")
    return render_mode


def rgb_array(layout: Layout, seat: str, size: int = SIZE) -> np.ndarray:
    import cairosvg
    from PIL import Image

    svg = board_svg(layout, size_px=size, bottom=seat, legal_for=seat, title=None)
    png = cairosvg.svg2png(bytestring=svg.encode())
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))


class BoardRendering:
    """``render`` and ``close`` for an environment that shows ``self._view()``: (layout, seat at the bottom)."""

    render_mode: str | None = None
    _window: "Window | None" = None

    def _open_window(self) -> None:
        self._window = Window() if self.render_mode == "human" else None

    def render(self):
        if self.render_mode is None:
            import gymnasium as gym

            gym.logger.warn("render() called without a render_mode: nothing to draw")
            return None
        frame = rgb_array(*self._view())
        if self._window is not None:
            self._window.show(frame)
            return None
        return frame

    def close(self) -> None:
        if self._window is not None:
            self._window.close()


class Window:
    """A matplotlib window showing the latest frame (render_mode "human")."""

    def __init__(self) -> None:
        self.figure = None
        self.image = None

    def show(self, frame: np.ndarray) -> None:
        import matplotlib.pyplot as plt

        if self.figure is None:
            self.figure, ax = plt.subplots(figsize=(5, 5))
            ax.set_axis_off()
            self.image = ax.imshow(frame)
        else:
            self.image.set_data(frame)
        self.figure.canvas.draw_idle()
        plt.pause(0.001)

    def close(self) -> None:
        if self.figure is not None:
            import matplotlib.pyplot as plt

            plt.close(self.figure)
            self.figure = self.image = None

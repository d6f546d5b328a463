"""Exact event-driven physics of sliding discs on the carrom board (no turns, no colours, no points)."""

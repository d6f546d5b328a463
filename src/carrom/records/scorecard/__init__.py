"""The official scorecard (ICF part XIX) of a record: as data, HTML, PDF, CSV and text."""

from carrom.records.scorecard.model import BoardRow, Card, GameCard, SideCard

__all__ = ["BoardRow", "Card", "GameCard", "SideCard"]

"""YAML and gzip read with bounds fixed before the work: a file from a stranger costs what its size says.

PyYAML's ``SafeLoader`` composes every node and lets an alias stand for a whole subtree, so half a
kilobyte of nested aliases ("billion laughs") expands to billions of nodes once walked as copies, and
a nesting a thousand deep ends in RecursionError. ``BoundedLoader`` counts the nodes as a walk of
the document would meet them (an alias counts its anchor's whole subtree again), refuses an alias
inside its own anchor, and limits the depth, all while composing, so a bomb is refused after reading
its first few lines. ``inflate`` streams gzip through zlib and stops past a size, never holding more.
"""

from __future__ import annotations

import zlib

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.events import AliasEvent
from yaml.resolver import Resolver

try:  # libyaml scans and parses (4 times faster than PyYAML's Python); the composing, bounded, stays here
    from yaml._yaml import CParser as _Events
except ImportError:  # PyYAML built without libyaml
    from yaml.parser import Parser
    from yaml.reader import Reader
    from yaml.scanner import Scanner

    class _Events(Reader, Scanner, Parser):  # type: ignore[no-redef]
        def __init__(self, stream) -> None:  # noqa: ANN001
            Reader.__init__(self, stream)
            Scanner.__init__(self)
            Parser.__init__(self)

MAX_NODES = 500_000  # nodes of a file, aliases expanded (a tourney of 50 players in SoL's dump: ~3,000); ~2 s
MAX_DEPTH = 64  # nesting of mappings and sequences (a SoL dump: 5)
MAX_TEXT = 4_000_000  # bytes a compressed file may inflate to (a SoL dump compresses ~10 to 1; the body is 64 kB)


class BoundsError(yaml.MarkedYAMLError):
    """The document is over a bound: ``problem`` says which, ``problem_mark`` where it was passed."""


class BoundedLoader(Composer, _Events, SafeConstructor, Resolver):
    """A ``SafeLoader`` composing at most ``max_nodes`` nodes (aliases expanded) ``max_depth`` deep."""

    def __init__(self, stream, max_nodes: int = MAX_NODES, max_depth: int = MAX_DEPTH) -> None:  # noqa: ANN001
        _Events.__init__(self, stream)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        Composer.__init__(self)
        self.max_nodes, self.max_depth = max_nodes, max_depth
        self.nodes = 0  # nodes met so far, in all documents, each alias as the copy a walk makes of it
        self._depth = 0
        self._sizes: dict[int, tuple[int, int]] = {}  # id(node): (nodes below it with itself, its height)

    def _over(self, problem: str, mark) -> None:  # noqa: ANN001
        raise BoundsError(problem=problem, problem_mark=mark)

    def compose_node(self, parent, index):  # noqa: ANN001, ANN201
        mark = self.peek_event().start_mark
        if self.check_event(AliasEvent):
            node = super().compose_node(parent, index)  # the anchor's node (ComposerError if undefined)
            if id(node) not in self._sizes:
                self._over("an alias inside its own anchor (a structure that contains itself)", mark)
            size, height = self._sizes[id(node)]
            self._count(size, self._depth + height, mark)
            return node
        self._depth += 1
        if self._depth > self.max_depth:
            self._over(f"nested deeper than {self.max_depth} levels", mark)
        try:
            node = super().compose_node(parent, index)
        finally:
            self._depth -= 1
        children = node.value if isinstance(node, yaml.SequenceNode) else \
            [n for pair in node.value for n in pair] if isinstance(node, yaml.MappingNode) else []
        sizes = [self._sizes[id(c)] for c in children]
        self._sizes[id(node)] = (1 + sum(s for s, _ in sizes), 1 + max((h for _, h in sizes), default=0))
        self._count(1, self._depth + 1, mark)
        return node

    def _count(self, size: int, depth: int, mark) -> None:  # noqa: ANN001
        self.nodes += size
        if self.nodes > self.max_nodes:
            self._over(f"more than {self.max_nodes:,} nodes once its aliases are expanded", mark)
        if depth > self.max_depth:
            self._over(f"nested deeper than {self.max_depth} levels once its aliases are expanded", mark)

    def construct_bounded_int(self, node):  # noqa: ANN001, ANN201
        """An integer of at most 40 characters (past Python's 4,300 digits ``int`` raises ValueError)."""
        if len(node.value) > 40:
            raise BoundsError(problem=f"a number of {len(node.value)} characters (at most 40)",
                              problem_mark=node.start_mark)
        return self.construct_yaml_int(node)

    def dispose(self) -> None:
        super().dispose()
        self._sizes.clear()


BoundedLoader.add_constructor("tag:yaml.org,2002:int", BoundedLoader.construct_bounded_int)


class InflateError(ValueError):
    """Compressed data that is damaged or truncated, or (``bound``) inflates past the bound."""

    def __init__(self, problem: str, bound: bool = False) -> None:
        super().__init__(problem)
        self.bound = bound


def inflate(data: bytes, most: int = MAX_TEXT) -> bytes:
    """The gzip ``data`` inflated, ``InflateError`` as soon as it passes ``most`` bytes (never more is held)."""
    stream = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)  # gzip's header and trailer
    out, size, rest = [], 0, data
    try:
        while rest:
            chunk = stream.decompress(rest, most + 1 - size)
            size += len(chunk)
            out.append(chunk)
            if size > most:
                raise InflateError(f"it inflates to more than {most:,} bytes, the most a compressed file may hold", True)
            rest = stream.unconsumed_tail
            if stream.eof:
                if stream.unused_data:  # gzip allows members one after another
                    rest, stream = stream.unused_data, zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
                else:
                    break
    except zlib.error as exc:
        raise InflateError(str(exc)) from None
    if not stream.eof:
        raise InflateError("it stops before the end of its compressed stream")
    return b"".join(out)

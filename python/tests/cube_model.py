"""An independent cube model for the tests: 54 stickers as (position, normal) vectors in
space, turned by rotation matrices. It shares nothing with korf but the notation (a face
turn is clockwise as seen looking at that face)."""

AXES = {"U": (0, 1, 0), "D": (0, -1, 0), "R": (1, 0, 0), "L": (-1, 0, 0), "F": (0, 0, 1), "B": (0, 0, -1)}


def _cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _quarter(a, v):
    """v turned a quarter clockwise seen from the tip of unit axis a (-90 degrees)."""
    c = _cross(a, v)
    d = _dot(a, v)
    return (-c[0] + a[0] * d, -c[1] + a[1] * d, -c[2] + a[2] * d)


class Cube:
    def __init__(self):
        # sticker: (position, normal) -> colour (the face it started on)
        self.stickers = {}
        for face, n in AXES.items():
            for i in (-1, 0, 1):
                for j in (-1, 0, 1):
                    p = [0, 0, 0]
                    axis = [k for k in range(3) if n[k] != 0][0]
                    others = [k for k in range(3) if k != axis]
                    p[axis] = n[axis]
                    p[others[0]] = i
                    p[others[1]] = j
                    self.stickers[(tuple(p), n)] = face

    def turn(self, move: str):
        face = move[0]
        amount = {"": 1, "2": 2, "'": 3, "3": 3, "1": 1}[move[1:]]
        a = AXES[face]
        for _ in range(amount):
            new = {}
            for (p, n), colour in self.stickers.items():
                if _dot(p, a) == 1:
                    p, n = _quarter(a, p), _quarter(a, n)
                new[(p, n)] = colour
            self.stickers = new
        return self

    def apply(self, moves):
        if isinstance(moves, str):
            moves = moves.split()
        for m in moves:
            self.turn(m)
        return self

    def is_solved(self) -> bool:
        by_normal = {}
        for (_, n), colour in self.stickers.items():
            by_normal.setdefault(n, set()).add(colour)
        return all(len(c) == 1 for c in by_normal.values())

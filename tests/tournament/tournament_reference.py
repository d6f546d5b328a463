"""The standings computed again, written independently of carrom.tournament.standings, from SoL's rules as
its manual states them: 2 points a win, 1 a draw, a bye a win by the phantom score; Buchholz the sum of
the opponents' points; net score the margins won minus the margins lost; total score the points scored;
ties by points, Buchholz, net, total, then the first player's last and first name."""

from collections import defaultdict


def reference(competitors, matches, phantom=25, names=None):
    """``competitors``: ids; ``matches``: (id1, id2 or None, [(a, b), ...] or None, is_final); ``names``: id -> (last,
    first). Rows (id, points, buchholz, net, total) in rank order, finals not counted."""
    points = defaultdict(int)
    net = defaultdict(int)
    total = defaultdict(int)
    opponents = defaultdict(list)
    for one, two, games, final in matches:
        if final:
            continue
        if two is None:
            points[one] += 2
            net[one] += phantom
            total[one] += phantom
            continue
        if games is None:
            continue
        mine = sum(g[0] for g in games)
        theirs = sum(g[1] for g in games)
        total[one] += mine
        total[two] += theirs
        opponents[one].append(two)
        opponents[two].append(one)
        if len(games) == 1:
            won1 = games[0][0] > games[0][1]
            drawn = games[0][0] == games[0][1]
        else:
            won1 = sum(a > b for a, b in games) >= 2
            drawn = False
        if drawn:
            points[one] += 1
            points[two] += 1
        elif won1:
            points[one] += 2
            net[one] += mine - theirs
            net[two] -= mine - theirs
        else:
            points[two] += 2
            net[two] += theirs - mine
            net[one] -= theirs - mine
    buchholz = {c: sum(points[o] for o in opponents[c]) for c in competitors}
    rows = [(c, points[c], buchholz[c], net[c], total[c]) for c in competitors]
    names = names or {}
    rows.sort(key=lambda r: names.get(r[0], ("", "")))
    rows.sort(key=lambda r: (r[1], r[2], r[3], r[4]), reverse=True)
    return rows

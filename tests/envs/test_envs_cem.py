"""The documented learning example learns: a short run beats random actions on fresh boards."""

import numpy as np

from carrom.envs import cem


def test_a_short_cross_entropy_run_beats_random_actions(tmp_path):
    """Paired on the same 48 fresh boards (the same layouts; the hand's noise as each stroke draws it): the
    learned policy's pieces less random actions', more than two standard errors above 0."""
    strokes, noise, boards = 6, 1.0, 48
    mu, history = cem.cem(iterations=6, population=16, elites=4, strokes=strokes, noise=noise, seed=1, episodes=2,
                          evaluation_boards=8)
    seed = 4242  # boards neither the learning nor its evaluations saw
    learned = cem.play(np.repeat(mu[None], boards, axis=0), boards, strokes, seed, noise)
    random = cem.play(None, boards, strokes, seed, noise).mean()
    gain = learned - cem.play(None, boards, strokes, seed, noise)
    assert gain.mean() > 2 * gain.std(ddof=1) / np.sqrt(boards), (learned.mean(), random)
    assert max(history.elite) > history.elite[0] or history.elite[0] > random
    path = tmp_path / "curve.png"
    cem.plot(history, random, str(path), strokes, noise)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_features_read_the_board():
    discs = np.zeros((1, 19, 3), dtype=np.float32)
    discs[0, 0] = (0.1, -0.5, 1)  # nearest the baseline's middle (0, -0.7)
    discs[0, 9] = (0.5, 0.5, 1)
    phi = cem.features(discs)
    assert np.allclose(phi[0], [1.0, 0.1, -0.5, 0.3, 0.0, 2 / 19])

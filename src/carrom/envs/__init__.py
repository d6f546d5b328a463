"""Research environments: Gymnasium and PettingZoo around the full laws and the exact physics (docs/research.md).

Importing this package registers the Gymnasium ids:

- ``carrom/Singles-v0``: one seat against a bot, under a variant of the laws
  (``carrom.envs.singles``);
- ``carrom/ClearBoard-v0``: pocket all 19 pieces in as few strokes as possible
  (``carrom.envs.clearboard``).

``gymnasium.make("carrom.envs:carrom/Singles-v0")`` imports it on the way. The PettingZoo
environment is ``carrom.envs.aec.env()``; the vectorized clear-the-board task
``carrom.envs.vector.ClearBoardVectorEnv``. An adapter: nothing in the core imports it.
"""

from gymnasium.envs.registration import register, registry

MAX_STROKES = 500
"""Episodes are truncated after this many steps (Gymnasium's TimeLimit)."""

for _id, _entry in (("carrom/Singles-v0", "carrom.envs.singles:SinglesEnv"),
                    ("carrom/ClearBoard-v0", "carrom.envs.clearboard:ClearBoardEnv")):
    if _id not in registry:
        register(id=_id, entry_point=_entry, max_episode_steps=MAX_STROKES)

__all__ = ["MAX_STROKES"]

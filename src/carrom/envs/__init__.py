"""Research environments: Gymnasium and PettingZoo around the full laws and the exact physics (docs/research.md).

Importing this package registers the Gymnasium ids:

- ``carrom/Singles-v1``: one seat against a bot, under a variant of the laws, held to
  their time: a stall loses the match (ICF 143 g; ``carrom.envs.singles``);
- ``carrom/Singles-v0``: the same with attempts that are no stroke free, kept as it was;
- ``carrom/ClearBoard-v1``: pocket all 19 pieces in as few strokes as possible, a board
  lost by ICF 107 penalised (``carrom.envs.clearboard``);
- ``carrom/ClearBoard-v0``: the same with a lost board paid as any stroke, kept as it was
  (docs/research.md, "versions").

``gymnasium.make("carrom.envs:carrom/Singles-v0")`` imports it on the way. The PettingZoo
environment is ``carrom.envs.aec.env()``; the vectorized clear-the-board task
``carrom.envs.vector.ClearBoardVectorEnv``. An adapter: nothing in the core imports it.
"""

from gymnasium.envs.registration import register, registry

MAX_STROKES = 500
"""Episodes are truncated after this many steps (Gymnasium's TimeLimit)."""

for _id, _entry in (("carrom/Singles-v0", "carrom.envs.singles:SinglesEnv"),
                    ("carrom/Singles-v1", "carrom.envs.singles:SinglesV1Env"),
                    ("carrom/ClearBoard-v0", "carrom.envs.clearboard:ClearBoardEnv"),
                    ("carrom/ClearBoard-v1", "carrom.envs.clearboard:ClearBoardV1Env")):
    if _id not in registry:
        register(id=_id, entry_point=_entry, max_episode_steps=MAX_STROKES)

__all__ = ["MAX_STROKES"]

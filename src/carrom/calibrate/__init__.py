"""Calibration from a player's own board (docs/calibration.md).

``carrom track`` turns an overhead film of the board into tracks (``carrom.calibrate.video``, OpenCV);
``carrom calibrate`` cuts the tracks into shots (``carrom.calibrate.tracks``) and fits the physics
model's board friction, cushion restitution and disc-disc restitution and friction to them with the
engine predicting every track (``carrom.calibrate.fit``, SciPy); the result is a model file
(``carrom.physics.model_file``) that ``--physics FILE`` loads. ``carrom.calibrate.synthetic`` films
shots the engine plays with known parameters, the test of the whole chain. Input it cannot use raises a
``carrom.calibrate.errors.CalibrateError`` (its kind and law as data, as the referee's refusals). Depends
on the physics and the equipment only; only the CLI imports it.
"""

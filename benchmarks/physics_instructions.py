"""Instructions per standard break through ``simulate()``, counted by valgrind's callgrind.

    python benchmarks/physics_instructions.py            # v3, 200 breaks
    python benchmarks/physics_instructions.py --model v1 --breaks 100

Time on a shared machine moves by tens of per cent with the load; the number of
instructions a break executes does not. The script starts itself under
``valgrind --tool=callgrind`` with instrumentation off, lets the child import, compile (the
numba cache should be warm: run the break once first) and play 20 breaks as warm-up, then
switches instrumentation on, zeroes the counters, has the child play ``--breaks`` breaks
(the aims of benchmarks/physics.py, cycled) and dumps the counters: their total over the
breaks is everything ``simulate()`` costs, the Python layer and the kernel. Takes a few
minutes (the child runs about 50 times slower under valgrind until it is ready).
Prints the instructions per break and the events per break.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time


def child(model: str, breaks: int, go: str) -> None:
    from carrom.equipment import opening_formation
    from carrom.physics import MODELS, simulate
    from physics import break_strikes  # benchmarks/physics.py

    params = MODELS[model]
    strikes = break_strikes(20)
    layout = opening_formation()
    events = sum(simulate(layout, strikes[k % 20], params).n_events for k in range(breaks))
    print("ready", events, flush=True)
    while not os.path.exists(go):
        time.sleep(0.05)
    for k in range(breaks):
        simulate(layout, strikes[k % 20], params)
    print("done", flush=True)
    while not os.path.exists(go + "2"):
        time.sleep(0.05)


def wait_for(proc: subprocess.Popen, word: str) -> str:
    for line in proc.stdout:
        if line.startswith(word):
            return line
    raise RuntimeError(f"the child ended before saying {word!r}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", default="v3")
    ap.add_argument("--breaks", type=int, default=200)
    ap.add_argument("--child", help=argparse.SUPPRESS)
    opts = ap.parse_args()
    if opts.child:
        child(opts.model, opts.breaks, opts.child)
        return
    with tempfile.TemporaryDirectory() as tmp:
        go = os.path.join(tmp, "go")
        out = os.path.join(tmp, "callgrind.out")
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [os.path.dirname(__file__), os.environ.get("PYTHONPATH")])))
        cmd = ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
               sys.executable, __file__, "--model", opts.model, "--breaks", str(opts.breaks), "--child", go]
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
        events = int(wait_for(proc, "ready").split()[1])
        control = ["callgrind_control"]
        subprocess.run([*control, "-i", "on", str(proc.pid)], check=True, capture_output=True)
        subprocess.run([*control, "-z", str(proc.pid)], check=True, capture_output=True)
        open(go, "w").close()
        wait_for(proc, "done")
        subprocess.run([*control, "-d", str(proc.pid)], check=True, capture_output=True)
        open(go + "2", "w").close()
        proc.wait()
        dumps = sorted(f for f in os.listdir(tmp) if f.startswith("callgrind.out."))
        with open(os.path.join(tmp, dumps[0])) as f:
            total = int(re.search(r"^totals: (\d+)", f.read(), re.M).group(1))
    print(f"model {opts.model}: {total / opts.breaks / 1e6:.3f} M instructions per break through simulate() "
          f"({opts.breaks} breaks, {events / opts.breaks:.1f} events per break)")


if __name__ == "__main__":
    main()

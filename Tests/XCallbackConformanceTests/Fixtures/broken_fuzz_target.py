#!/usr/bin/env python3
"""The example adapter broken on every input, or on some, for the fuzzer's dead-target and stop tests.

    python3 broken_fuzz_target.py MODE [N] [protocol1]

It speaks protocol 2 (batches) unless `protocol1` is given. MODE is one of:

    crash-all    exit with status 1 on every request, after a line on stderr
    hang-all     never answer any request
    garbage-all  answer every request with a line that is not JSON
    crash-at     exit with status 1 on the Nth request this process gets (N defaults to 50); a
                 restarted process counts from 1 again, so one input in N crashes it
    clean        no defect

With the environment variable FIXTURE_PID_DIR set, each process writes an empty file named by its pid
there and starts a helper in its process group (a `sleep` of ten minutes, its pid recorded the same
way), so a test can check that no process of the target outlived the fuzzer.
"""

import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "Vectors", "protocol"))
import example_adapter as base  # noqa: E402

MODE = sys.argv[1] if len(sys.argv) > 1 else "clean"
NUMBERS = [word for word in sys.argv[2:] if word.isdigit()]
AT = int(NUMBERS[0]) if NUMBERS else 50
original_reply = base.reply
seen = 0


def broken_reply(message):
    global seen
    seen += 1
    if MODE == "crash-all" or (MODE == "crash-at" and seen == AT):
        print("fixture: crashing on request %d" % seen, file=sys.stderr, flush=True)
        os._exit(1)
    if MODE == "hang-all":
        time.sleep(3600)
    if MODE == "garbage-all":
        return "fixture: this is not JSON {"
    return original_reply(message)


def record_pids():
    directory = os.environ.get("FIXTURE_PID_DIR")
    if not directory:
        return
    helper = subprocess.Popen(["sleep", "600"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    for pid in (os.getpid(), helper.pid):
        open(os.path.join(directory, str(pid)), "w").close()


base.reply = broken_reply
base.IMPLEMENTATION = dict(base.IMPLEMENTATION, name="broken-fuzz-target-" + MODE)
if "protocol1" in sys.argv[2:]:
    base.BATCH_PROTOCOL = None

if __name__ == "__main__":
    record_pids()
    sys.exit(base.main())

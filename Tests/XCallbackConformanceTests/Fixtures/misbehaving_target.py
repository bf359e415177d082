#!/usr/bin/env python3
"""A deliberately broken conformance-protocol target, to prove the runner survives each failure mode.

    python3 misbehaving_target.py MODE [VECTOR_ID [MARKER]]

Requests for other vectors are answered "skipped", so every result the runner reports for them
comes from a live process. MODE is one of:

    polite          answer every request "skipped" (the control case)
    crash-at-start  write to stderr and exit with status 3 before the handshake
    no-handshake    read the start message and never answer it
    wrong-protocol  answer the handshake with protocol 99
    anonymous       answer the handshake with an empty name (only the schema forbids it)
    no-operations   declare no operation in the handshake (every vector is skipped unasked)
    bad-choice      declare the misspelt choice key flag-parametre and plus: banana
    crash-on        exit with status 1 on VECTOR_ID, after a line on stderr
    hang-on         never answer VECTOR_ID
    garbage-on      answer VECTOR_ID with a line that is not JSON
    wrong-seq-on    answer VECTOR_ID with a sequence number 100 too high
    flood-on        answer VECTOR_ID with 3 MiB of text on one line
    close-stdout-on close stdout on VECTOR_ID and stay alive
    close-stdin-on  close stdin, answer VECTOR_ID and stay alive (the next write gets EPIPE)
    duplicate-on    answer VECTOR_ID twice
    hang-all        never answer a vector request; touch the file named by VECTOR_ID at the first one
    sigkill-on      kill itself with SIGKILL on VECTOR_ID
    huge-seq-on     answer VECTOR_ID with a 400-digit seq
    deep-on         answer VECTOR_ID with an array nested 60,000 deep (well under the size limit)
    slow-by-size    answer every request after 0.5 s per MiB of its line

With MARKER, the fixture first starts a helper process that sleeps for ten minutes with MARKER on its
command line and holds the fixture's stdout and stderr, so a test can look for it in the process table.
"""

import json
import os
import subprocess
import sys
import time

MODE = sys.argv[1]
VICTIM = sys.argv[2] if len(sys.argv) > 2 else None
MARKER = sys.argv[3] if len(sys.argv) > 3 else None


def send(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def main():
    print("fixture %s started, pid %d" % (MODE, os.getpid()), file=sys.stderr, flush=True)
    if MARKER:
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)", MARKER])
    if MODE == "crash-at-start":
        print("fixture: crashing before the handshake", file=sys.stderr, flush=True)
        sys.exit(3)
    for line in sys.stdin:
        message = json.loads(line)
        if MODE == "slow-by-size" and message.get("cmd") != "start":
            time.sleep(0.5 * len(line) / 1048576)
        command = message.get("cmd")
        if command == "start":
            if MODE == "no-handshake":
                continue
            protocol = 99 if MODE == "wrong-protocol" else 1
            send(json.dumps({"protocol": protocol,
                             "implementation": {"name": "" if MODE == "anonymous" else "fixture-" + MODE,
                                                "version": "0"},
                             "operations": [] if MODE == "no-operations" else ["parse", "build-request", "build-callback"],
                             **({"choices": {"flag-parametre": "drop", "plus": "banana"}} if MODE == "bad-choice" else {})}))
            continue
        if command == "stop":
            return
        seq = message["seq"]
        if MODE == "hang-all":
            open(VICTIM, "w").close()
            time.sleep(3600)
        if message.get("id") == VICTIM:
            if MODE == "crash-on":
                print("fixture: crashing on %s" % VICTIM, file=sys.stderr, flush=True)
                sys.exit(1)
            if MODE == "hang-on":
                time.sleep(3600)
            if MODE == "garbage-on":
                send("this is not JSON {")
                continue
            if MODE == "wrong-seq-on":
                send(json.dumps({"seq": seq + 100, "skipped": {"reason": "fixture"}}))
                continue
            if MODE == "flood-on":
                chunk = "x" * 65536
                for _ in range(48):
                    sys.stdout.write(chunk)
                send("")
                continue
            if MODE == "sigkill-on":
                os.kill(os.getpid(), 9)
            if MODE == "huge-seq-on":
                send('{"seq": %s, "skipped": {"reason": "fixture"}}' % ("9" * 400))
                continue
            if MODE == "deep-on":
                send('{"seq": %d, "skipped": {"reason": %s}}' % (seq, "[" * 60000 + "]" * 60000))
                continue
            if MODE == "duplicate-on":
                # Both lines in one write, as a print-twice bug sends them.
                send(json.dumps({"seq": seq, "skipped": {"reason": "fixture, first answer"}}) + "\n"
                     + json.dumps({"seq": seq, "skipped": {"reason": "fixture, second answer"}}))
                continue
            if MODE == "close-stdin-on":
                os.close(0)
                send(json.dumps({"seq": seq, "skipped": {"reason": "fixture, stdin closed"}}))
                time.sleep(3600)
            if MODE == "close-stdout-on":
                sys.stdout.flush()
                os.close(1)
                time.sleep(3600)
        send(json.dumps({"seq": seq, "skipped": {"reason": "fixture %s" % MODE}}))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The roles each row of the matrix claims (../roles.tsv), and the check that an adapter's hello claims them.

../roles.tsv is the one place the roles are written down. An adapter declares its roles in its own hello (its
code says why); the run scripts hold the two together before a row runs: `--check` starts the adapter, reads
its hello (Vectors/protocol/PROTOCOL.md) and stops the run when the hello's `roles` are not the line's, or its
`operations` are not exactly the operations of those roles (a declared operation with none of its roles claimed
is a handshake error; one declared beyond the roles is an operation nobody judges). The built-in rows (the
reference and Foundation, in process) are given their line's roles with `--roles` by ../matrix.sh.

    roles.py ROW                       the row's roles, comma-separated (for `xcallback-conformance --roles`)
    roles.py --check ROW COMMAND ...   exit 1, naming what differs, when COMMAND's hello does not claim ROW's roles
"""
import json
import os
import subprocess
import sys

TSV = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "roles.tsv")
ROLES = {"recognise": "parse", "decode": "parse", "build-request": "build-request", "build-callback": "build-callback"}


def table():
    """Every line of ../roles.tsv as {row: (roles, why)}, in file order; ValueError on a role the suite does not know."""
    rows = {}
    for number, line in enumerate(open(TSV, encoding="utf-8"), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.rstrip("\n").split("\t")
        if len(fields) != 3:
            raise ValueError("roles.tsv:%d: expected row, roles and why separated by tabs" % number)
        roles = fields[1].split(",")
        unknown = [role for role in roles if role not in ROLES]
        if unknown:
            raise ValueError("roles.tsv:%d: %s claims %s, not one of %s" % (number, fields[0], ", ".join(unknown),
                                                                          ", ".join(ROLES)))
        rows[fields[0]] = (roles, fields[2])
    return rows


def hello(command):
    """The hello the adapter started by `command` (a list) answers to `start`, as JSON."""
    process = subprocess.run(command, input='{"cmd":"start"}\n{"cmd":"stop"}\n', capture_output=True, text=True,
                             timeout=120)
    line = process.stdout.split("\n", 1)[0]
    try:
        return json.loads(line)
    except ValueError:
        raise ValueError("no JSON hello from %s (exit %d): %r %s" % (" ".join(command), process.returncode, line[:200],
                                                                     process.stderr.strip()[-400:]))


def problems(row, answer, rows):
    """What the hello `answer` gets wrong for `row`: its roles against the line's, its operations against theirs."""
    if row not in rows:
        return ["roles.tsv has no line for %s" % row]
    wanted = rows[row][0]
    operations = sorted({ROLES[role] for role in wanted})
    out = []
    claimed = answer.get("roles")
    if claimed is None:
        out.append("the hello claims no roles (every role of its operations); roles.tsv says %s" % ",".join(wanted))
    elif sorted(claimed) != sorted(wanted):
        out.append("the hello claims %s; roles.tsv says %s" % (",".join(claimed), ",".join(wanted)))
    if sorted(answer.get("operations") or []) != operations:
        out.append("the hello declares the operations %s; the roles need exactly %s" % (
            ",".join(answer.get("operations") or []) or "none", ",".join(operations)))
    return out


def main(arguments):
    try:
        rows = table()
        if len(arguments) == 1 and not arguments[0].startswith("-"):
            if arguments[0] not in rows:
                raise ValueError("roles.tsv has no line for %s" % arguments[0])
            print(",".join(rows[arguments[0]][0]))
            return 0
        if len(arguments) >= 3 and arguments[0] == "--check":
            found = problems(arguments[1], hello(arguments[2:]), rows)
            for problem in found:
                print("error: %s: %s (tools/roles.py --check)" % (arguments[1], problem), file=sys.stderr)
            if not found:
                print("%s: the hello claims %s, as roles.tsv says" % (arguments[1], ",".join(rows[arguments[1]][0])),
                      file=sys.stderr)
            return 1 if found else 0
    except (ValueError, OSError, subprocess.SubprocessError) as error:
        print("error: %s" % error, file=sys.stderr)
        return 70
    print(__doc__.strip().splitlines()[-2].strip() + "\n" + __doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Every row of the audit, one module per library; each module's ROWS lists its rows (one per results file)."""
from rows import (callbackurlkit, jasonnam, kradenkov, middleman, obsidian_actions_uri, obsidian_advanced_uri,
                  ozbe_xcallback)

MODULES = [callbackurlkit, middleman, jasonnam, kradenkov, ozbe_xcallback, obsidian_advanced_uri, obsidian_actions_uri]
ROWS = {}
for module in MODULES:
    for row in module.ROWS:
        assert row["key"] not in ROWS, "two rows named " + row["key"]
        ROWS[row["key"]] = dict(row, module=module.__name__.split(".")[-1] + ".py")

"""Encoding edge cases through parse: every ASCII byte encoded and raw, UTF-8, '+', bad escapes, empty pieces."""

import itertools

import xcu_model
from vectorlib import NUMBERS, R, accept, any_of, reject

FILE = "parse-encoding.json"
TITLE = "Encoding edge cases: parse"
DESCRIPTION = ("Percent-decoding and query splitting on the receiving side: every ASCII byte 0x00-0x7F inside a "
               "value, percent-encoded and raw; multi-byte UTF-8; '+' versus %2B versus %20; malformed and "
               "non-UTF-8 escapes; keys without '=', empty keys and values, empty pieces.")

BASE = "enc://x-callback-url/echo?"
SUB_DELIMS = "!$&'()*+,;="
URI_SAFE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~") | set("!$'()*,;:@/?")


def label(byte):
    ch = chr(byte)
    if byte < 0x20 or byte == 0x7F:
        return "0x%02X (control)" % byte
    if ch == " ":
        return "0x20 (space)"
    return "0x%02X '%s'" % (byte, ch)


def E(params, fragment=None):
    return accept(R("enc", "echo", parameters=params, fragment=fragment))


def vectors(v):
    # 1. Every ASCII byte, percent-encoded inside a value, decodes to exactly that byte (RFC 3986 §2.1).
    for byte in range(0x80):
        ch = chr(byte)
        url = BASE + "v=a%%%02Xb" % byte
        tags = ["ascii", "percent"] + (["plus", "D1"] if ch == "+" else [])
        if byte == 0:
            v.parse("pct-%02X" % byte, "Value a%00b decodes to a NUL between a and b, or a strict parser refuses it",
                    url, rule="decode-escaped-nul", also=[reject("invalid-character")],
                    cite=["rfc3986-2.1", "silent-security"], tags=tags + ["security"])
            continue
        cite = ["rfc3986-2.1"] + (["rfc3986-2.2"] if ch in SUB_DELIMS + ":/?#[]@" else [])
        cite += ["rfc3986-2.4-percent"] if ch == "%" else []
        cite += ["rfc3986-2.3"] if ch in URI_SAFE and ch.isalnum() or ch in "-._~" else []
        v.parse("pct-%02X" % byte, "Value a%%%02Xb decodes to a, %s, b" % (byte, label(byte)), url,
                rule="decode-query-escapes", breaks="the app gets a value other than %r from a%%%02Xb" % ("a" + ch + "b", byte),
                expect=E([("v", "a" + ch + "b")]), cite=cite, tags=tags)

    # 2. Every ASCII byte raw inside a value.
    for byte in range(0x80):
        ch = chr(byte)
        key = "raw-%02X" % byte
        desc = "Value with a raw %s between a and b" % label(byte)
        tags = ["ascii", "raw"]
        if byte < 0x20 or byte == 0x7F:
            if byte == 0:
                v.parse(key, desc + ": not a URL character, reject", hex=(BASE + "v=a").encode().hex() + "00" + "62",
                        rule="decode-raw-control", expect=reject("invalid-character"),
                        cite=["rfc3986-2", "silent-raw-characters"], tags=tags + ["control", "bytes"])
            else:
                v.parse(key, desc + ": not a URL character, reject", BASE + "v=a" + ch + "b", rule="decode-raw-control",
                        expect=reject("invalid-character"), cite=["rfc3986-2", "silent-raw-characters"],
                        tags=tags + ["control"])
        elif ch == "#":
            v.parse(key, desc + ": '#' ends the query, 'b' is the fragment", BASE + "v=a#b", rule="decode-fragment",
                    breaks="the app gets the value 'a#b', or loses the fragment 'b'",
                    expect=E([("v", "a")], fragment="b"), cite=["rfc3986-3.4", "rfc3986-3.5"], tags=tags + ["D9"])
        elif ch == "&":
            v.parse(key, desc + ": '&' splits, 'b' is a key without '='", BASE + "v=a&b",
                    cite=["xcu-query-format", "silent-flag"], tags=tags + ["flag", "D7"], point="flag-parameter",
                    rule="decode-flag")
        elif ch == "%":
            v.parse(key, desc + ": '%b' is not an escape", BASE + "v=a%b",
                    cite=["rfc3986-2.1", "silent-invalid-escape"], tags=tags + ["bad-escape", "D4"],
                    point="invalid-escape", rule="decode-invalid-escape")
        elif ch == "+":
            v.parse(key, desc + ": a literal plus or, for form decoders, a space", BASE + "v=a+b",
                    cite=["silent-plus", "rfc3986-2.2-data", "whatwg-urlencoded"], tags=tags + ["plus", "D1"],
                    point="plus", rule="decode-plus")
        elif ch == "=":
            v.parse(key, desc + ": only the first '=' splits name from value", BASE + "v=a=b", rule="decode-first-equals",
                    breaks="the app gets v='a' or drops the parameter, not v='a=b'",
                    expect=E([("v", "a=b")]), cite=["xcu-query-format", "rfc3986-2.2-data"], tags=tags + ["D8"])
        elif ch in URI_SAFE:
            v.parse(key, desc + ": allowed raw in a query, kept as data", BASE + "v=a" + ch + "b", rule="decode-raw-query-data",
                    breaks="the receiver refuses or changes the value %r, whose raw %r is query data" % ("a" + ch + "b", ch),
                    expect=E([("v", "a" + ch + "b")]), cite=["rfc3986-3.4-chars", "rfc3986-2.2-data"]
                    if ch in "/?" else ["xcu-query-format"] if ch.isalnum() or ch in "-._~" else ["rfc3986-2.2-data"],
                    tags=tags)
        else:
            v.parse(key, desc + ": outside RFC 3986, kept literally (or refused by a strict parser)",
                    BASE + "v=a" + ch + "b", rule="decode-raw-outside-uri",
                    expect=any_of(E([("v", "a" + ch + "b")]), reject("invalid-character")),
                    cite=["rfc3986-2", "silent-raw-characters"], tags=tags)

    # 3. Hex digits are case-insensitive (RFC 3986 §2.1, §6.2.2.1).
    # The two with non-ASCII also need UTF-8 (RFC 3986 section 2.5, a should): they are should, in decode-utf8.
    for key, text, value in [("lower-hex-utf8", "%c3%a9", "é"), ("lower-hex-ascii", "%2f%3f%3d%26", "/?=&"),
                             ("mixed-hex", "%E2%82%aC", "€"), ("lower-hex-percent", "%2525", "%25")]:
        ascii_only = value.isascii()
        v.parse(key, "Value %s decodes once, hex digits in either case" % text, BASE + "v=" + text,
                rule="decode-hex-case" if ascii_only else "decode-utf8",
                breaks="the app gets %r, not %r: lowercase hex left undecoded" % (text, value) if ascii_only else None,
                cite=["rfc3986-2.1-case", "rfc3986-6.2.2.1"] + ([] if ascii_only else ["rfc3986-2.5"]),
                expect=E([("v", value)]), tags=["percent", "case"])

    # 4. Multi-byte UTF-8, emoji, combining marks: decoded as UTF-8, never normalised.
    for key, text, value, what in [
            ("utf8-2", "%C3%A9t%C3%A9", "été", "two-byte UTF-8"),
            ("utf8-3", "%E2%82%AC10", "€10", "three-byte UTF-8"),
            ("utf8-4", "%F0%9F%98%80", "😀", "a four-byte emoji"),
            ("utf8-zwj", "%F0%9F%91%A9%E2%80%8D%F0%9F%92%BB", "👩‍💻", "an emoji ZWJ sequence"),
            ("utf8-flag", "%F0%9F%87%AF%F0%9F%87%B5", "🇯🇵", "a flag (regional indicators)"),
            ("utf8-combining", "e%CC%81", "e\u0301", "e + combining acute, not normalised"),
            ("utf8-cjk", "%E8%AE%A1%E7%AE%97%E5%B0%8F%E8%B4%B9", "计算小费", "CJK"),
            ("utf8-rtl", "%D7%A9%D7%9C%D7%95%D7%9D", "שלום", "right-to-left text"),
            ("utf8-bom", "%EF%BB%BFa", "\ufeffa", "a byte-order mark, kept or dropped as a signature"),
            ("utf8-nbsp", "a%C2%A0b", "a\u00a0b", "a no-break space, not a space")]:
        # A leading EF BB BF may be read as a signature and dropped (RFC 3629 section 6; Foundation does): both pass.
        v.parse(key, "Value %s decodes as %s" % (text, what), BASE + "v=" + text, rule="decode-utf8",
                also=[E([("v", "a")])] if key == "utf8-bom" else (),
                expect=any_of(E([("v", value)]), E([("v", "a")])) if key == "utf8-bom" else E([("v", value)]),
                cite=["rfc3986-2.5", "rfc3986-2.1"], tags=["utf8"])
    v.parse("utf8-name", "A percent-encoded UTF-8 name decodes like a value", BASE + "%C3%A9t%C3%A9=1", rule="decode-utf8",
            decoded=True, expect=E([("été", "1")]), cite=["rfc3986-2.5", "xcu-action-parameters", "silent-name-encoding"],
            tags=["utf8", "name"])
    for key, text, value in [("raw-utf8-2", "été", "été"), ("raw-emoji", "😀", "😀"),
                             ("raw-mixed", "é%C3%A9", "éé")]:
        v.parse(key, "Raw non-ASCII %s in a value is kept (or refused by a strict parser)" % text, BASE + "v=" + text,
                rule="decode-raw-outside-uri", expect=any_of(E([("v", value)]), reject("invalid-character")),
                cite=["rfc3986-2", "silent-raw-characters"], tags=["utf8", "raw"])

    # 5. '+' versus %2B versus %20 (D1).
    v.parse("pct-2B-only", "Value %2B is always a plus sign, never a space", BASE + "v=%2B", rule="decode-query-escapes",
            breaks="the app gets a space (or '%2B') where the sender wrote an escaped '+'",
            expect=E([("v", "+")]), cite=["rfc3986-2.1"], tags=["plus", "D1"])
    v.parse("pct-20-only", "Value %20 is always a space", BASE + "v=%20", rule="decode-query-escapes",
            breaks="the app gets '%20' or '+' where the sender wrote an escaped space", expect=E([("v", " ")]),
            cite=["rfc3986-2.1"], tags=["plus", "D1"])
    for key, text in [("plus-only", "+"), ("plus-mixed", "a+%2B+%20b"), ("plus-double", "++100"),
                      ("plus-text", "This+is+a+test")]:
        v.parse(key, "Value %s: '+' is literal, or a space for a form decoder" % text, BASE + "v=" + text,
                cite=["silent-plus", "whatwg-urlencoded"], tags=["plus", "D1"], point="plus", rule="decode-plus",
                provenance=["glushchenko/fsnotes issue 655 (txt=This+is+a+test)"] if key == "plus-text" else
                ["Vinzent03/obsidian-advanced-uri relies on a raw '+' (divergences.md D2)"] if key == "plus-double" else [])
    v.parse("plus-name", "Name a+b: '+' in a name follows the same choice as in a value", BASE + "a+b=1",
            cite=["silent-plus"], tags=["plus", "D1", "name"], point="plus", rule="decode-plus")
    v.parse("plus-fragment", "A '+' in the fragment is data: form decoding applies to the query only",
            BASE + "v=1#a+b", rule="decode-fragment", breaks="the app gets the fragment 'a b' or reads it as query", expect=E([("v", "1")], fragment="a+b"), cite=["rfc3986-3.5", "rfc3986-2.2-data"],
            tags=["plus", "fragment"])

    # 6. Malformed escapes (D4) and escapes of '%' itself.
    for key, text in [("bad-zz", "%zz"), ("bad-lone", "%"), ("bad-trunc1", "%4"), ("bad-trunc-mid", "a%4"),
                      ("bad-g0", "%g0"), ("bad-0g", "%0g"), ("bad-double", "%%41"), ("bad-space", "%20%"),
                      ("bad-workingcopy", "red%20%text"), ("bad-unicode", "%u00e9"), ("bad-percent-amp", "100%&w=1")]:
        v.parse(key, "Value %s holds a '%%' without two hex digits" % text, BASE + "v=" + text,
                cite=["rfc3986-2.1", "silent-invalid-escape"], tags=["bad-escape", "D4"], point="invalid-escape",
                rule="decode-invalid-escape", provenance=["workingcopyapp.com/url-schemes.html documents error=red%20%text"]
                if key == "bad-workingcopy" else [])
    v.parse("bad-in-name", "Name %zz holds a malformed escape", BASE + "%zz=1", cite=["silent-invalid-escape"],
            tags=["bad-escape", "D4", "name"], point="invalid-escape", rule="decode-invalid-escape")
    v.parse("bad-in-fragment", "A malformed escape in the fragment", BASE + "v=1#%zz", cite=["silent-invalid-escape"],
            tags=["bad-escape", "D4", "fragment"], point="invalid-escape", rule="decode-invalid-escape")
    v.parse("pct-25-zz", "Value %25zz is the text '%zz', decoded exactly once", BASE + "v=%25zz", rule="decode-once",
            breaks="the app gets '%25zz' or a refusal, not the text '%zz'",
            expect=E([("v", "%zz")]), cite=["rfc3986-2.4", "rfc3986-2.4-percent"], tags=["percent", "double"])
    v.parse("pct-2541", "Value %2541 is the text '%41', never 'A'", BASE + "v=%2541", rule="decode-once",
            breaks="the app gets 'A', decoding %2541 twice", expect=E([("v", "%41")]),
            cite=["rfc3986-2.4"], tags=["percent", "double"])
    v.parse("pct-252B", "Value %252B is the text '%2B'", BASE + "v=%252B", rule="decode-once",
            breaks="the app gets '+', decoding %252B twice", expect=E([("v", "%2B")]),
            cite=["rfc3986-2.4"], tags=["percent", "double", "plus"])
    v.parse("pct-mixed-valid-bad", "A valid escape next to a bad one: no whole-query re-encoding (swift-foundation#1190)",
            BASE + "ok=%41&bad=%zz", cite=["silent-invalid-escape", "rfc3986-2.4"], tags=["bad-escape", "D4"],
            point="invalid-escape", rule="decode-invalid-escape", provenance=["swiftlang/swift-foundation issue 1190"])
    v.parse("pct-then-bad", "Value 100%25 then a second parameter", BASE + "data=increase%20100%25&w=1", rule="decode-once",
            breaks="the app refuses or mangles 'increase 100%' by reading its '%' as an escape",
            expect=E([("data", "increase 100%"), ("w", "1")]), cite=["rfc3986-2.4", "rfc3986-2.4-percent"],
            tags=["percent", "double"], provenance=["Vinzent03/obsidian-advanced-uri issue 51"])

    # 7. Non-UTF-8 escapes (D5).
    for key, text, what in [("latin1-e9", "caf%E9", "Latin-1 é"), ("lone-lead", "%C3", "a lone lead byte"),
                            ("lead-then-ascii", "%C3%28", "a lead byte before '('"),
                            ("surrogate", "%ED%A0%80", "an encoded UTF-16 surrogate"),
                            ("above-max", "%F4%90%80%80", "a code point above U+10FFFF"),
                            ("overlong-slash", "%C0%AF", "an overlong '/'"), ("byte-ff", "%FF", "0xFF"),
                            ("lone-continuation", "%80", "a lone continuation byte"),
                            ("truncated-4", "%F0%9F%98", "a truncated four-byte sequence")]:
        v.parse("non-utf8-" + key, "Value %s is %s, not UTF-8" % (text, what), BASE + "v=" + text,
                cite=["rfc3629-3", "silent-non-utf8"], tags=["utf8", "non-utf8", "D5"], point="non-utf8-escape",
                rule="decode-non-utf8")

    # 8. Keys without '=', empty names and values, empty pieces (D7).
    v.parse("flag-middle", "Key without '=' between two pairs", BASE + "a=1&flag&b=2",
            cite=["silent-flag", "xcu-query-format"], tags=["flag", "D7"], point="flag-parameter", rule="decode-flag")
    v.parse("flag-only", "A query holding one key without '='", BASE + "flag", cite=["silent-flag"],
            tags=["flag", "D7"], point="flag-parameter", rule="decode-flag")
    v.parse("empty-value", "Name with '=' and nothing after it has the empty value", BASE + "a=", rule="decode-empty-value",
            breaks="the app reads 'a=' as absent or as a flag without a value",
            expect=E([("a", "")]), cite=["xcu-query-format"], tags=["empty"])
    v.parse("empty-values", "Two empty values stay two parameters", BASE + "a=&b=", rule="decode-empty-value",
            breaks="the app loses a or b, or reads them as flags", expect=E([("a", ""), ("b", "")]),
            cite=["xcu-query-format"], tags=["empty"])
    v.parse("empty-name", "Piece '=v' has the empty name and value v", BASE + "=v", rule="decode-empty-name",
            expect=E([("", "v")]), cite=["xcu-query-format", "silent-empty-name"], tags=["empty"])
    v.parse("empty-both", "Piece '=' has the empty name and the empty value", BASE + "=", rule="decode-empty-name",
            expect=E([("", "")]), cite=["xcu-query-format", "silent-empty-name"], tags=["empty"])
    v.parse("double-equals", "Piece '==' has the empty name and value '='", BASE + "==", rule="decode-empty-name",
            expect=E([("", "=")]), cite=["xcu-query-format", "silent-empty-name"], tags=["empty", "D8"])
    v.parse("name-double-equals", "Piece 'a==b' has name a and value '=b'", BASE + "a==b", rule="decode-first-equals",
            breaks="the app gets a='' or a='b', not a='=b'", expect=E([("a", "=b")]),
            cite=["xcu-query-format", "rfc3986-2.2-data"], tags=["D8"])
    v.parse("amp-amp", "An empty piece between '&&' is skipped", BASE + "a=1&&b=2", rule="decode-empty-pieces",
            expect=E([("a", "1"), ("b", "2")]), cite=["xcu-query-format", "silent-empty-pieces"], tags=["empty"])
    v.parse("leading-amp", "A leading '&' adds no parameter", BASE + "&a=1", rule="decode-empty-pieces", expect=E([("a", "1")]),
            cite=["xcu-query-format", "silent-empty-pieces"], tags=["empty"])
    v.parse("trailing-amp", "A trailing '&' adds no parameter", BASE + "a=1&", rule="decode-empty-pieces",
            expect=E([("a", "1")]), cite=["xcu-query-format", "silent-empty-pieces"], tags=["empty"])
    v.parse("only-amps", "A query of only '&&&' holds no parameter", BASE + "&&&", rule="decode-empty-pieces", expect=E([]),
            cite=["xcu-query-format", "silent-empty-pieces"], tags=["empty"])
    v.parse("empty-query", "A bare '?' is an empty query with no parameter", BASE, rule="decode-empty-query",
            breaks="the app gets a parameter nobody sent, or a refusal", expect=E([]),
            cite=["rfc3986-3.4", "xcu-optional"], tags=["empty"])
    v.parse("empty-query-fragment", "A bare '?' then a fragment", BASE + "#f", rule="decode-empty-query",
            breaks="the app gets a parameter nobody sent, or loses the fragment 'f'", expect=E([], fragment="f"),
            cite=["rfc3986-3.4", "rfc3986-3.5"], tags=["empty", "fragment"])
    v.parse("empty-fragment", "A bare '#' is an empty fragment, not a missing one", BASE + "a=1#", rule="decode-empty-fragment",
            expect=E([("a", "1")], fragment=""), cite=["rfc3986-3.5", "rfc3986-6.2.3"], tags=["empty", "fragment"])

    # 9. Splitting happens before decoding (RFC 3986 §2.4), and the fragment is decoded once.
    for key, text, value in [("enc-amp", "a%26b%3Dc", "a&b=c"), ("enc-hash", "a%23b", "a#b"),
                             ("enc-question", "a%3Fb", "a?b")]:
        v.parse("split-" + key, "Encoded delimiters in %s are data after the split" % text, BASE + "v=" + text + "&w=2",
                rule="decode-split-before-decoding", breaks="the app splits %r at a decoded delimiter: v is not %r" % (text, value),
                expect=E([("v", value), ("w", "2")]), cite=["rfc3986-2.4-order", "rfc3986-2.2"], tags=["split", "D9"])
    # A name kept as written (a%3Db) is allowed too: the spec asks only values to be encoded (silent-name-encoding).
    v.parse("split-enc-name", "An encoded '=' in a name stays in the name", BASE + "a%3Db=c", rule="decode-split-before-decoding",
            breaks="the app splits the name at the decoded '=': it gets a='b=c'",
            expect=any_of(E([("a=b", "c")]), E([("a%3Db", "c")])), cite=["rfc3986-2.4-order"], tags=["split", "name"])
    # Decoded once or kept as written (the spec does not mention the fragment); never decoded twice.
    v.parse("fragment-decoded", "The fragment is decoded at most once: a%20b%2523 is 'a b%23' (or kept as written)",
            BASE + "v=1#a%20b%2523", rule="decode-once", breaks="the app gets the fragment 'a b#', decoding %2523 twice",
            expect=any_of(E([("v", "1")], fragment="a b%23"), E([("v", "1")], fragment="a%20b%2523")),
            cite=["rfc3986-3.5", "rfc3986-2.4", "silent-fragment"], tags=["fragment"])
    v.parse("fragment-escapes", "The fragment is percent-decoded once: a%20b is 'a b'", BASE + "v=1#a%20b",
            rule="decode-fragment-decoded", decoded=True, expect=E([("v", "1")], fragment="a b"),
            cite=["rfc3986-3.5", "rfc3986-2.1", "silent-fragment"], tags=["fragment"])
    v.parse("fragment-query-like", "A fragment that looks like a query is one string", BASE + "v=1#x=2&y=3",
            rule="decode-fragment", breaks="the app gets x=2 and y=3 as parameters the sender never put in the query",
            expect=E([("v", "1")], fragment="x=2&y=3"), cite=["rfc3986-3.5"], tags=["fragment"])
    v.parse("hash-before-question", "'#' before '?': everything after '#' is fragment", "enc://x-callback-url/echo#f?v=1",
            rule="decode-fragment", breaks="the app gets v=1 as a parameter, though it follows the '#'", expect=E([], fragment="f?v=1"), cite=["rfc3986-3.3", "rfc3986-3.5"], tags=["fragment"])
    # Found by the differential fuzzer (a parser that ends the path at '?' alone): with no query, '#' ends the action.
    v.parse("hash-ends-action", "With no query, '#' ends the action: 'echo' is the action and 'f' the fragment",
            "enc://x-callback-url/echo#f", rule="decode-action",
            breaks="the app is asked for the action 'echo#f', which it does not have", expect=E([], fragment="f"),
            cite=["rfc3986-3.3", "rfc3986-3.5"], tags=["fragment"])
    # Found by the differential fuzzer: Foundation re-encodes a fragment holding a second raw '#'.
    v.parse("second-hash-in-fragment", "A second raw '#' is fragment data: kept literally or rejected",
            "enc://x-callback-url/echo#f%41#g", rule="decode-raw-outside-uri",
            expect=any_of(E([], fragment="fA#g"), E([], fragment="f%41#g"), reject("invalid-character")),
            cite=["rfc3986-3.5", "silent-raw-characters"], tags=["fragment", "raw"],
            provenance=["found by the differential fuzzer against Foundation (swift-foundation issue 1190)"])
    v.parse("question-in-value", "A second '?' is data in the query", BASE + "v=a?b?c", rule="decode-raw-query-data",
            breaks="the app gets a value cut at a later '?', not 'a?b?c'",
            expect=E([("v", "a?b?c")]), cite=["rfc3986-3.4", "rfc3986-3.4-chars"], tags=["split"])
    v.parse("dup-action", "A repeated action parameter", BASE + "tag=a&tag=b", cite=["silent-duplicates"],
            tags=["duplicate", "D6"], point="duplicate-parameter", rule="decode-duplicates")
    v.parse("dup-action-between", "A repeated parameter around another one keeps its position by the choice",
            BASE + "a=1&b=2&a=3", cite=["silent-duplicates"], tags=["duplicate", "D6"], point="duplicate-parameter",
            rule="decode-duplicates")
    v.parse("dup-action-three", "Three values of one name, as Drafts' repeated tag", BASE + "tag=x&tag=y&tag=z",
            cite=["silent-duplicates"], tags=["duplicate", "D6"], point="duplicate-parameter", rule="decode-duplicates",
            provenance=["Drafts URL scheme: repeated tag parameters (divergences.md D6)"])
    # Where a kept occurrence stands matters: a dictionary keeps the last value at the first position, which
    # is none of the allowed values (first/last keep that occurrence at its own position).
    for key, query in [("dup-action-around-two", "a=1&b=2&c=3&a=4"), ("dup-two-names-crossed", "a=1&b=2&a=3&b=4"),
                       ("dup-with-callback", "id=1&x-success=src%3A%2F%2Fok&note=n&id=2")]:
        v.parse(key, "Repeated parameters %s: kept, first or last, each at its own position" % query, BASE + query,
                cite=["silent-duplicates"], tags=["duplicate", "D6"], point="duplicate-parameter", rule="decode-duplicates")

    # 10. Parameter order (D20): kept, unless the target declares it unordered.
    url = BASE + "c=3&a=1&b=2"
    pairs = [("c", "3"), ("a", "1"), ("b", "2")]
    kind, preserved = xcu_model.parse(url.encode())
    assert kind == "accept" and preserved["parameters"] == [list(p) for p in pairs]
    v.explicit("order-three", "Three parameters out of alphabetical order: kept as sent, or any order if unordered",
               "parse", {"url": url}, "implementation-defined",
               {"choice": "parameter-order", "outcomes": {
                   "preserved": E(pairs),
                   "unordered": {"anyOf": [E(list(p)) for p in itertools.permutations(pairs)]}}},
               cite=["silent-order", "xcu-query-format"], tags=["order", "parameter-order", "D20"], rule="decode-order")

    # 9. What the vectors held constant (issue 36, item 3): values that look like numbers, in a value and in
    # x-source, are text (leading zeros, a sign, an exponent, digits beyond 64 bits, non-ASCII digits); and the
    # count of parameters: none, one, and around the 64 mark.
    for key, text in NUMBERS:
        written = xcu_model.encode_value(text)
        # Non-ASCII digits need UTF-8, which is should wherever it is tested (RFC 3986 section 2.5).
        utf8 = any(ord(c) > 0x7F for c in text)
        v.parse("number-" + key, "Value %s (%s) is the text as written, not a number" % (written, key),
                BASE + "n=" + written, rule="decode-utf8" if utf8 else "decode-structure",
                expect=accept(R("enc", "echo", parameters=[("n", text)])),
                breaks="the target app gets another value than %r (a number reformatted)" % text,
                cite=["xcu-query-format", "xcu-values-encoded"] + (["rfc3986-2.5"] if utf8 else []), tags=["number"])
        v.parse("number-source-" + key, "x-source=%s (%s) is the text as written" % (written, key),
                BASE + "x-source=" + written, rule="decode-utf8" if utf8 else "decode-reserved-parameters",
                expect=accept(R("enc", "echo", source=text)), breaks="the target app shows another source than %r" % text,
                cite=["xcu-x-source", "xcu-optional"] + (["rfc3986-2.5"] if utf8 else []), tags=["number", "reserved"])
    for count in (0, 1, 63, 64, 65):
        pairs = [("p%d" % i, str(i)) for i in range(count)]
        url = BASE[:-1] + ("?" + "&".join("%s=%s" % pair for pair in pairs) if pairs else "")
        v.parse("count-%d" % count, "%d parameter%s, all kept in order" % (count, "" if count == 1 else "s"), url,
                rule="decode-structure", expect=accept(R("enc", "echo", parameters=pairs)),
                breaks="the target app misses a parameter or gets them in another order",
                cite=["xcu-query-format", "xcu-action-parameters"], tags=["count"])

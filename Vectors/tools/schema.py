"""Builds Vectors/schema.json: a JSON Schema (draft 2020-12 subset) for one vector file.

Only these keywords are used, so that a small validator in any language can check the files: type,
properties, required, additionalProperties, enum, const, pattern, items, prefixItems, minItems, maxItems,
oneOf, anyOf, $ref/$defs, minLength (plus the annotations $schema, $id, title, description).
"""

import xcu_model

OPERATIONS = {"parse": ("parseInput", "request"), "build-request": ("buildRequestInput", "request"),
              "build-callback": ("buildCallbackInput", "callbackResult")}
ROLES = {"parse": ["recognise", "decode"], "build-request": ["build-request"], "build-callback": ["build-callback"]}
BREAKS_REQUIRED = ("must",)  # the levels whose vectors say what breaks when a target fails them
CATEGORIES = ["not-x-callback-url", "invalid-scheme", "invalid-authority", "missing-action", "invalid-percent-encoding",
              "invalid-utf8", "invalid-character", "duplicate-reserved-parameter", "reserved-parameter-name",
              "empty-parameter-name", "invalid-callback-url", "unsafe-callback-scheme"]


def ref(name):
    return {"$ref": "#/$defs/" + name}


def nullable_string():
    return {"type": ["string", "null"]}


def closed(properties, required=None):
    return {"type": "object", "properties": properties, "required": required or list(properties),
            "additionalProperties": False}


def build_schema():
    defs = {
        "id": {"type": "string", "pattern": "^XCU-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}$",
               "description": "Permanent opaque id: XCU- and four characters without look-alikes."},
        "parameters": {"type": "array", "items": {"type": "array", "prefixItems": [{"type": "string"},
                                                                                    nullable_string()],
                                                   "minItems": 2, "maxItems": 2},
                       "description": "[name, value] pairs in order; null value = a key without '='."},
        "request": dict(closed({
            "scheme": {"type": "string"}, "action": {"type": "string"}, "source": nullable_string(),
            "success": nullable_string(), "error": nullable_string(), "cancel": nullable_string(),
            "parameters": ref("parameters"), "fragment": nullable_string()},
            ["scheme", "action", "source", "success", "error", "cancel", "parameters"]),
            description="The canonical request: every key present, null for absent."),
        "callbackResult": closed({"url": {"type": "string"}}),
        "parseInput": {"oneOf": [closed({"url": {"type": "string"}}),
                                 closed({"urlHex": {"type": "string",
                                                    "pattern": "^[0-9A-Fa-f]{2}( ?[0-9A-Fa-f]{2})*$"}})]},
        "buildRequestInput": closed({"request": ref("request")}),
        "buildCallbackInput": {"oneOf": [
            closed({"callback": {"type": "string"}, "outcome": {"enum": ["success", "cancel"]},
                    "source": nullable_string(), "parameters": ref("parameters")},
                   ["callback", "outcome"]),
            closed({"callback": {"type": "string"}, "outcome": {"const": "error"}, "errorCode": {"type": "string"},
                    "errorMessage": {"type": "string"}, "source": nullable_string(), "parameters": ref("parameters")},
                   ["callback", "outcome", "errorCode", "errorMessage"])]},
        "category": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$",
                     "description": "A rejection category; known ones: " + ", ".join(CATEGORIES)},
        "anchor": {"type": "string", "pattern": "^[a-z0-9][a-z0-9.-]*$", "description": "An anchor of citations.json."},
        "tag": {"type": "string", "minLength": 1},
        "rule": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$",
                 "description": "The rule the vector tests: a kebab-case id described in rules.json."},
        "breaks": {"type": "string", "minLength": 1, "pattern": "^[^\\n]*$",
                   "description": "One line: what the other side gets wrong when a target fails this vector."},
        "expand": {"type": "object",
                   "additionalProperties": closed({"text": {"type": "string", "minLength": 1}, "times": {"type": "integer"}}),
                   "description": "Generated input (format 2): each placeholder <<NAME>>, wherever it occurs in a string "
                                  "of 'input' or 'expect', stands for 'text' repeated 'times' (at least 1) times."},
    }
    for result in ("request", "callbackResult"):
        single = "single-" + result
        defs[single] = {"oneOf": [closed({"accept": ref(result)}), closed({"reject": ref("category")})]}
        defs["plain-" + result] = {"oneOf": [
            ref(single), closed({"anyOf": {"type": "array", "items": ref(single), "minItems": 2}})]}
        defs["choice-" + result] = {"oneOf": [
            closed({"choice": {"const": point},
                    "outcomes": closed({value: ref("plain-" + result) for value in values})})
            for point, values in xcu_model.CHOICES.items()]}
    variants = []
    groups = [(["must"], "plain-"), (["should", "hardening"], "plain-"), (["implementation-defined"], "choice-")]
    for operation, (input_def, result) in OPERATIONS.items():
        roles = ROLES[operation]
        for levels, expect in groups:
            required = ["id", "description", "operation", "role", "rule", "input", "level", "expect", "cite"]
            variants.append(closed({
                "id": ref("id"), "description": {"type": "string", "minLength": 1, "pattern": "^[^\\n]*$"},
                "operation": {"const": operation},
                "role": {"enum": roles} if len(roles) > 1 else {"const": roles[0]},
                "rule": ref("rule"), "input": ref(input_def),
                "level": {"enum": levels} if len(levels) > 1 else {"const": levels[0]},
                "expect": ref(expect + result), "cite": {"type": "array", "items": ref("anchor"), "minItems": 1},
                "tags": {"type": "array", "items": ref("tag")},
                "provenance": {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 1},
                "expand": ref("expand"), "breaks": ref("breaks")},
                required + (["breaks"] if set(levels) & set(BREAKS_REQUIRED) else [])))
    defs["vector"] = {"oneOf": variants}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://x-callback-url-conformance.invalid/schema/vector-file.json",
        "title": "x-callback-url conformance vector file",
        "description": "One file of Vectors/: a title, a description and the vectors. See Vectors/README.md.",
        "type": "object",
        "properties": {"title": {"type": "string", "minLength": 1}, "description": {"type": "string"},
                       "vectors": {"type": "array", "items": ref("vector"), "minItems": 1}},
        "required": ["title", "description", "vectors"],
        "additionalProperties": False,
        "$defs": defs,
    }

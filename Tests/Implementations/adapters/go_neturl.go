// x-callback-url the way a typical Go app does it: net/url's url.Parse, Query() and Values.Encode().
//
// Deliberately NOT a conformant parser: this is the code an app developer writes from the net/url
// documentation, so the suite shows what it gets wrong. url.Values is a map, so parameters come
// out grouped by name in sorted order (Go randomises map order; sorting keeps the run repeatable),
// '+' is read as a space and written for a space, and a query with a bad escape is dropped whole.
// url.Values holds strings, so a parameter without a value (a flag, null in the protocol) is written
// with the empty value, in every operation: the encoder has no other way to write it, and an app that
// has a flag to send writes that. Only parameter-order is declared (unordered). Protocol plumbing
// follows Vectors/protocol/PROTOCOL.md. Roles: recognise, decode, build-request, build-callback.
package main

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"runtime"
	"sort"
	"strings"
)

var reserved = map[string]string{"x-source": "source", "x-success": "success", "x-error": "error", "x-cancel": "cancel"}

type notXCallback struct{ reason string }

func (e notXCallback) Error() string { return e.reason }

func parseURL(text string) (map[string]any, error) {
	u, err := url.Parse(text)
	if err != nil {
		return nil, notXCallback{err.Error()}
	}
	if !strings.EqualFold(u.Host, "x-callback-url") {
		return nil, notXCallback{fmt.Sprintf("host is %q, not x-callback-url", u.Host)}
	}
	action := strings.TrimPrefix(u.Path, "/")
	if action == "" {
		return nil, notXCallback{"no action"}
	}
	result := map[string]any{"scheme": u.Scheme, "action": action, "source": nil, "success": nil, "error": nil,
		"cancel": nil, "parameters": [][2]string{}, "fragment": nil}
	if strings.Contains(text, "#") {
		result["fragment"] = u.Fragment
	}
	query := u.Query() // a map: order lost, malformed pairs silently dropped
	names := make([]string, 0, len(query))
	for name := range query {
		names = append(names, name)
	}
	sort.Strings(names)
	parameters := [][2]string{}
	for _, name := range names {
		if field, ok := reserved[name]; ok {
			result[field] = query.Get(name)
			continue
		}
		for _, value := range query[name] {
			parameters = append(parameters, [2]string{name, value})
		}
	}
	result["parameters"] = parameters
	return result, nil
}

// addPairs adds each [name, value] pair; a null value (a flag) is the empty string, all url.Values can hold.
func addPairs(values url.Values, pairs []any) {
	for _, pair := range pairs {
		pair := pair.([]any)
		value, _ := pair[1].(string)
		values.Add(pair[0].(string), value)
	}
}

func buildRequest(request map[string]any) string {
	values := url.Values{}
	for key, field := range reserved {
		if value, ok := request[field].(string); ok {
			values.Add(key, value)
		}
	}
	addPairs(values, request["parameters"].([]any))
	u := url.URL{Scheme: request["scheme"].(string), Host: "x-callback-url", Path: "/" + request["action"].(string), RawQuery: values.Encode()}
	return u.String()
}

func buildCallback(response map[string]any) (string, error) {
	u, err := url.Parse(response["callback"].(string))
	if err != nil {
		return "", notXCallback{err.Error()}
	}
	values := u.Query()
	if source, ok := response["source"].(string); ok {
		values.Add("x-source", source)
	}
	if response["outcome"] == "error" {
		values.Add("errorCode", response["errorCode"].(string))
		values.Add("errorMessage", response["errorMessage"].(string))
	}
	addPairs(values, response["parameters"].([]any))
	u.RawQuery = values.Encode()
	return u.String(), nil
}

func answer(message map[string]any) (reply map[string]any) {
	defer func() {
		if failure := recover(); failure != nil {
			reply = map[string]any{"errored": map[string]any{"message": fmt.Sprint(failure)}}
		}
	}()
	var result any
	var err error
	switch message["cmd"] {
	case "parse":
		text, ok := message["url"].(string)
		if !ok {
			bytes, _ := hex.DecodeString(message["urlHex"].(string))
			text = string(bytes) // Go strings carry any bytes
		}
		result, err = parseURL(text)
	case "build-request":
		result = map[string]any{"url": buildRequest(message["request"].(map[string]any))}
	default:
		var built string
		built, err = buildCallback(message["response"].(map[string]any))
		result = map[string]any{"url": built}
	}
	var rejection notXCallback
	if errors.As(err, &rejection) {
		return map[string]any{"rejected": map[string]any{"message": rejection.reason}}
	}
	return map[string]any{"accepted": result}
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	scanner.Buffer(make([]byte, 1<<20), 1<<24)
	encoder := json.NewEncoder(os.Stdout)
	encoder.SetEscapeHTML(false)
	for scanner.Scan() {
		var message map[string]any
		if err := json.Unmarshal(scanner.Bytes(), &message); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		var reply map[string]any
		switch message["cmd"] {
		case "start":
			reply = map[string]any{"protocol": 1, "operations": []string{"parse", "build-request", "build-callback"},
				"roles": []string{"recognise", "decode", "build-request", "build-callback"},
				"implementation": map[string]any{"name": "go-net-url", "version": runtime.Version(), "language": "Go",
					"homepage": "https://pkg.go.dev/net/url"},
				// url.Values is a map: the order of parameters is not kept, and the adapter says so.
				"choices": map[string]any{"parameter-order": "unordered"}}
		case "stop":
			return
		default:
			reply = answer(message)
			reply["seq"] = message["seq"]
		}
		encoder.Encode(reply) // one line, flushed: os.Stdout is unbuffered
	}
}

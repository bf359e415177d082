// Inputs for the parse and build benchmarks: URLs that real apps document, and request URLs with a
// callback nested one to three levels, built the way a source app builds them.
//
// The real-world URLs are data copied from shared/research/real-world-urls.json (each app's own
// documentation, verbatim, including the line breaks some docs print); several are not x-callback-urls
// at all (no `x-callback-url` host), which is realistic: an app receives those too.

import XCallbackURL

/// The inputs of the "realistic mix".
enum RealisticInputs {
    /// URLs as the apps' documentation prints them (31 entries).
    static let realWorldURLs: [String] = [
        "targetapp://x-callback-url/updateStatus?\n   x-source=SourceApp&\n   text=[User inputted string]",
        "[targetAppScheme]://x-callback-url/post?message=Message&\n  x-source=[SourceAppName]&\n  x-success=[sourceAppScheme]://x-callback-url/tweetPosted",
        "drafts5://x-callback-url/open?uuid=UUID-TO-VALID-DRAFT",
        "shortcuts://x-callback-url/run-shortcut?name=Calculate%20Tip&input=text&text=24.99&x-success=...&x-cancel=...",
        "shortcuts://x-callback-url/run-shortcut?name=%E8%AE%A1%E7%AE%97%E5%B0%8F%E8%B4%B9&input=text&text=24.99&x-success=...&x-cancel=...",
        "things:///add?\n    title=Buy%20milk&\n    notes=High%20fat",
        "bear://x-callback-url/create?title=My%20Note%20Title&text=First%20line&tags=home,home%2Fgroceries",
        "bear://x-callback-url/grab-url?url=https://bear.app",
        "bear://x-callback-url/search?term=nemo&tag=movies",
        "bear://x-callback-url/open-note?id=7E4B681B",
        "ulysses://x-callback-url/new-sheet?\n    x-success=sourceapp://x-callback-url/success&\n    group=Lecture Notes",
        "ulysses://x-callback-url/authorize?appname=My App&x-success=myapp://x-callback-url/auth-success",
        "ulysses://x-callback-url/open-all",
        "working-copy://open?repo=my%20project&path=README.md&mode=content",
        "working-copy://clone?remote=https%3A%2F%2Fgithub.com%2Fgit%2Fgit.git",
        "launch://x-callback-url/email?to={{sample@contrast.co}}&subject={{Last Photo}}&body=&cc=&bcc=&attach=photo:last&x-success={{launch://messaging?to=555-555-5555&attach=photo:last}}",
        "googlechrome-x-callback://x-callback-url/open/?url=http%3A%2F%2Fwww.google.com",
        "googlechrome-x-callback://x-callback-url/open/?x-source=MyApp&x-success=com.myapp.callback%3A%2F%2F&url=http%3A%2F%2Fwww.google.com&create-new-tab",
        "textcenterapp://x-callback-url/create?title=TITLE&text=YOUR%20TEXT&x-success=SUCCESS_URL&x-error=ERROR_URL",
        "writtendown://x-callback-url/open-entry?id=4739C5F8-AF19-49A3-B6BD-2561962C75CC",
        "diarly://x-callback-url/append?day=16-12-2020&text=Hello World",
        "textkraftpro://x-callback-url/append?text=%0DHello%20World",
        "ia-writer://open?path=/Locations/iCloud/Website/URL-Schemes/EXAMPLES.txt",
        "pythonista://MyScript?action=run&argv=foo&argv=bar",
        "editorial://workflow-callback?output=[[output]]",
        "obsidian://adv-uri?vault=<your-vault>&filepath=my-file&data=Hello%20World",
        "obsidian://adv-uri?vault=<vault>&filepath=MyFile&frontmatterkey=[my_item,second_item,1]&data={%22data%22:[2,3]}",
        "obsidian://advanced-uri?vault=notes&daily=true&mode=append&data=increase%20100%25",
        "x-devonthink-item://5349A993-377B-4F63-9E43-74317939529B?search=Albert Einstein",
        "textwell:///replaceRange?replacingLoc=7&replacingLen=5&text=Textwell&selectingLoc=0&selectingLen=16",
        "jayson://x-callback-url/view?clipboard=false&x-success=myapp:///success&x-error=myapp:///error",
    ]

    /// Request URLs whose `x-success` (and for some `x-error`) carries a callback nested one to three levels.
    ///
    /// Each level is built with the reference builder, so every nested URL is percent-encoded once more
    /// than the one it contains, as a chain of apps would send it.
    static func nestedRequests() throws -> [String] {
        var urls: [String] = []
        let texts = ["Hello", "Grüße aus Köln", "a&b=c+d #1", "100% sure?", "line one\nline two", "😀 emoji"]
        for depth in 1...3 {
            for (index, text) in texts.enumerated() {
                urls.append(try nestedRequest(depth: depth, text: text, variant: index))
            }
        }
        return urls
    }

    /// One request whose `x-success` is nested `depth` levels deep; depth 0 is a plain callback URL.
    static func nestedRequest(depth: Int, text: String, variant: Int) throws -> String {
        var callback = "sourceapp\(variant)://x-callback-url/done?status=ok&ref=\(variant)"
        for level in 0..<depth {
            var request = XCallbackRequest(scheme: "app\(level)", action: level % 2 == 0 ? "translate" : "notes/append")
            request.source = "Source App \(level)"
            request.success = callback
            if variant % 2 == 0 { request.error = "sourceapp://x-callback-url/failed?step=\(level)" }
            request.parameters = [
                XCallbackParameter("text", text), XCallbackParameter("lang", "es"), XCallbackParameter("flag", nil),
            ]
            callback = try request.url()
        }
        return callback
    }
}

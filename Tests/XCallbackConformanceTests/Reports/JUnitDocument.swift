import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A JUnit XML document read back with `XMLParser`, as a small element tree.
struct JUnitDocument {
    /// One element with its attributes, children and text.
    final class Element {
        let name: String
        let attributes: [String: String]
        var children: [Element] = []
        var text = ""

        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }

        func int(_ attribute: String) -> Int? { attributes[attribute].flatMap { Int($0) } }
    }

    let root: Element

    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    /// Parses `text`; throws when it is not well-formed XML.
    init(parsing text: String) throws {
        let parser = XMLParser(data: Data(text.utf8))
        let builder = Builder()
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw ParseError(description: "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "no root")")
        }
        self.root = root
    }

    /// The first element, depth first, that satisfies `predicate`.
    func find(_ predicate: (Element) -> Bool) -> Element? {
        var stack = [root]
        while let element = stack.popLast() {
            if predicate(element) { return element }
            stack.append(contentsOf: element.children.reversed())
        }
        return nil
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: Element?
        var stack: [Element] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let element = Element(name: elementName, attributes: attributes)
            stack.last?.children.append(element)
            if root == nil { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            _ = stack.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}

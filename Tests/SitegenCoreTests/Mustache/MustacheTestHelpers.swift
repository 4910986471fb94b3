import SitegenCore

/// Parses `source` (and the given partials) and renders it with `context`.
func renderMustache(
    _ source: String, _ context: TemplateValue = [:], partials: [String: String] = [:]
) throws -> String {
    var parsed: [String: MustacheTemplate] = [:]
    for (name, partialSource) in partials {
        parsed[name] = try MustacheTemplate(parsing: partialSource, name: name)
    }
    return try MustacheTemplate(parsing: source, name: "page").render(context, partials: parsed)
}

/// The syntax error that parsing `source` throws, or `nil` when it parses.
func mustacheSyntaxError(_ source: String) -> TemplateSyntaxError? {
    do {
        _ = try MustacheTemplate(parsing: source, name: "page")
        return nil
    } catch {
        return error
    }
}

extension PageLayout {
    /// Every planned page's layout that `library` has no template for, at its value.
    static func problems(pages: [PlannedPage], library: TemplateLibrary) -> [Diagnostic] {
        pages.compactMap { page in
            guard let layout = page.layout, let source = page.source else { return nil }
            return layout.problem(source: source, library: library)
        }
    }
}

/// What the closures of a model's lazy values read when they compute.
extension SiteModel {
    /// What the closures of lazy values read when they compute, behind one reference.
    final class Inputs: Sendable {
        let content: SiteContent
        let paths: SitePaths
        let strings: ThemeStrings
        let names: PostNames
        let plan: [PlannedPage]
        let nav: [SiteSettings.NavLink]
        /// Each post's link, in `content.posts` order: its page's, as planned.
        let postLinks: [String]

        init(
            content: SiteContent, paths: SitePaths, strings: ThemeStrings, groups: PostGroups, plan: [PlannedPage],
            nav: [SiteSettings.NavLink]
        ) {
            self.content = content
            self.paths = paths
            self.strings = strings
            names = PostNames(paths: paths, groups: groups)
            self.plan = plan
            self.nav = nav
            postLinks = SiteModel.postLinks(plan, posts: content.posts, paths: paths)
        }
    }

    /// Each post's link, in `content.posts` order: its page's, as planned (made only for a post without one).
    static func postLinks(_ plan: [PlannedPage], posts: [Post], paths: SitePaths) -> [String] {
        var links: [String?] = Array(repeating: nil, count: posts.count)
        for page in plan { if case .post(let index)? = page.item { links[index] = page.url } }
        return zip(links, posts).map { planned, post in planned ?? paths.link(["posts", post.slug]) }
    }
}

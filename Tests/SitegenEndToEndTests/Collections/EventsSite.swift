import Foundation

/// The `events` collection of issue 47, declared in a small site, with one item: what the
/// tests of `new`, `edit` and the preview's API on a declared collection start from.
enum EventsSite {
    static let settings = """
        title: Club
        base_url: https://example.org/
        collections:
          events:
            title: Events
            fields:
              title:    {type: text, required: true}
              starts:   {type: date, required: true}
              venue:    {type: text}
              seats:    {type: integer, min: 0}
              speakers: {type: list}
              cover:    {type: image}
              host:     {type: text, required: true, immutable: true}
              online:   {type: boolean, default: false}
              status:   {type: choice, of: [draft, review, done]}
          posts:
            fields:
              image:   {type: image}
              updated: {type: date}

        """

    /// `content/events/spring-meetup.md`.
    static let meetupPath = "content/events/spring-meetup.md"
    static let meetup = """
        ---
        title: Spring meetup
        starts: 2025-03-01
        # where and how many
        venue: Hall A
        seats: 30
        speakers: [kim, lee]
        host: kim
        ---
        Come along.

        """

    /// `content/posts/hello.md`.
    static let postPath = "content/posts/hello.md"
    static let post = """
        ---
        username: kim
        title: Hello
        date: 2025-01-02
        ---
        Hi.

        """

    /// A site with the settings, the meetup and the post.
    static func make() throws -> TempSite {
        try TempSite.with([
            "site.yml": settings, meetupPath: meetup, postPath: post, "content/index.md": "---\ntitle: Home\n---\n",
        ])
    }
}

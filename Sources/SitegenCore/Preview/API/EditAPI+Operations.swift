import Foundation

/// What each address of the editing API does: the request's JSON turned into
/// the very requests `sitegen edit`, `new` and `primes` make, run by the same
/// `ContentEditor` and `ContentCreator`.
extension EditAPI {
    /// `GET file?path=…`: the file's version, front matter fields and body.
    func file(_ path: String) throws(APIRefusal) -> HTTPResponse {
        let target = try APIFilePath.target(path, siteRoot: siteRoot)
        let bytes: [UInt8]
        do {
            bytes = try AtomicFile.read(target.path, limit: ContentEditor(siteRoot: siteRoot).maxFileSize).bytes
        } catch {
            throw APIRefusal(ContentEditor.failure(error, target, doing: "read"))
        }
        let document: ContentDocument
        do {
            document = try ContentDocument(path: target.sitePath, bytes: bytes)
        } catch {
            throw APIRefusal(.refused([error]))
        }
        return APIReply.json(
            200,
            [
                "path": .string(target.sitePath), "version": .string(ContentVersion.of(bytes)),
                "fields": document.fields.map { JSONValue($0.templateValue) } ?? .object([:]),
                "body": .string(document.body),
            ])
    }

    /// `POST edit {path, version, set, unset, add, remove, body, force}`: `sitegen edit
    /// --set/--unset/--add/--remove/--body [--force]`; `add` and `remove` map a list field to the items.
    func edit(_ members: [String: JSONValue]) throws(APIRefusal) -> HTTPResponse {
        let target = try APIFilePath.target(try Self.text(members, "path"), siteRoot: siteRoot)
        var request = EditRequest()
        let fields = ContentEditor(siteRoot: siteRoot).fields(of: target)
        for (key, value) in try Self.object(members, "set").sorted(by: { $0.key < $1.key }) {
            let text: String
            if let spec = fields.typedSpec(key) {
                text = try APIFieldValue.text(value, key: key, for: spec)
            } else {
                text = try APIFieldValue.text(value, key: key, holds: fields.valueKind(key) ?? .text)
            }
            request.assignments.append(.init(key: key, value: text))
        }
        for change in try Self.listChanges(members) { request.listChanges.append(change) }
        switch members["force"] {
        case nil, .bool(false)?: break
        case .bool(true)?: request.setsUndeclaredFields = true
        case let other?: throw APIRefusal(422, "force must be true or false, got \(other.described)")
        }
        for key in try Self.texts(members, "unset") where !request.removals.contains(key) {
            if request.assignments.contains(where: { $0.key == key }) {
                throw APIRefusal(400, "\(key) is both set and unset")
            }
            request.removals.append(key)
        }
        if members["body"] != nil { request.body = Array(try Self.text(members, "body").utf8) }
        guard !request.isEmpty else { throw APIRefusal(400, "nothing to change: give set, unset, add, remove or body") }
        return try write(target, request, version: try Self.text(members, "version"))
    }

    /// `POST primes {version, count | add | remove}`: `sitegen primes count|add|remove N`.
    func primes(_ members: [String: JSONValue]) throws(APIRefusal) -> HTTPResponse {
        let target = try APIFilePath.target("content/primes.md", siteRoot: siteRoot)
        let actions = ["count", "add", "remove"].filter { members[$0] != nil }
        guard actions.count == 1, let action = actions.first, let value = members[action] else {
            throw APIRefusal(400, "give one of count, add or remove")
        }
        let change: any ContentChange
        if action == "count" {
            change = EditRequest(
                assignments: [
                    .init(key: "count", value: try APIFieldValue.text(value, key: "count", holds: .wholeNumber))
                ])
        } else {
            guard let number = value.wholeNumber else { throw APIRefusal(400, "\(action) must be a whole number") }
            change = action == "add" ? FavoritesChange.add(number) : FavoritesChange.remove(number)
        }
        return try write(target, change, version: try Self.text(members, "version"))
    }

    /// `POST new {kind, fields, body, slug}`: `sitegen new post|menu|profile`; answers 201 with the file and its URL.
    func create(_ members: [String: JSONValue]) throws(APIRefusal) -> HTTPResponse {
        let fields = try Self.object(members, "fields")
        let kind = try Self.text(members, "kind")
        let model: (any ContentModel.Type)? =
            switch kind {
            case "post": Post.self
            case "menu": MenuItem.self
            case "profile": Profile.self
            default: nil
            }
        /// Each field given checked against what it holds, as `edit` checks it.
        func field(_ key: String) throws(APIRefusal) -> String? {
            guard let value = fields[key] else { return nil }
            return try APIFieldValue.text(value, key: "fields.\(key)", holds: model?.valueKinds[key] ?? .text)
        }
        func required(_ key: String) throws(APIRefusal) -> String {
            guard let value = try field(key) else { throw APIRefusal(400, "fields.\(key) is needed") }
            return value
        }
        let creator = ContentCreator(siteRoot: siteRoot)
        let given: NewItem.Fields
        let known: Set<String>
        switch kind {
        case "post":
            known = ["username", "title", "tags", "draft"]
            var username = try field("username").flatMap { $0.isEmpty ? nil : $0 }
            if username == nil {
                do {
                    username = try creator.defaultUsername()
                } catch {
                    throw APIRefusal(error)
                }
            }
            let title = try field("title").flatMap { $0.isEmpty ? nil : $0 }
            _ = try field("tags")  // A list of strings, or refused as `edit` refuses it.
            let tags = try Self.texts(fields, "tags")
            given = .post(
                username: username ?? "", title: title, tags: tags, isDraft: try field("draft") == "true")
        case "menu":
            known = ["name", "price"]
            given = .menuItem(name: try required("name"), price: try required("price"))
        case "profile":
            known = ["name", "bio", "username"]
            given = .profile(
                name: try required("name"), bio: try field("bio").flatMap { $0.isEmpty ? nil : $0 },
                username: try field("username").flatMap { $0.isEmpty ? nil : $0 })
        case let other:
            return try createItem(of: other, fields, members: members)
        }
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            let hint = FieldReader.nearMiss(of: unknown, among: known).map { "; did you mean \"\($0)\"?" } ?? ""
            throw APIRefusal(
                422,
                "fields.\(unknown) is not a field a new \(kind) is given (\(known.sorted().joined(separator: ", ")))\(hint)"
            )
        }
        let now = ContentDate(secondsSince1970: now(), in: creator.timeZone())
        let body = members["body"] == nil ? "" : try Self.text(members, "body")
        var item = NewItem(given, body: Array(body.utf8), date: now)
        item.slug = try members["slug"] == nil ? freeSlug(for: item) : Self.text(members, "slug")
        return try create(item)
    }

    /// `POST new {kind: COLLECTION, fields, body, slug}`: `sitegen new COLLECTION --set …` for a
    /// collection site.yml declares; each field's JSON is checked against its type, then by the schema.
    private func createItem(
        of name: String, _ given: [String: JSONValue], members: [String: JSONValue]
    ) throws(APIRefusal) -> HTTPResponse {
        let collections: SiteCollections
        do {
            collections = try ContentCreator(siteRoot: siteRoot).collections()
        } catch {
            throw APIRefusal(error)
        }
        guard let schema = collections.declared(named: name) else {
            throw APIRefusal(400, NewItem.unknownKindMessage(name, collections: collections))
        }
        let fields = EditableFields(kind: .item(collection: schema.name), schema: schema)
        var settings: [EditRequest.Assignment] = []
        for (key, value) in given.sorted(by: { $0.key < $1.key }) {
            guard let spec = fields.typedSpec(key) else {
                settings.append(.init(key: key, value: value.text ?? value.described))  // Refused by name below.
                continue
            }
            // An empty optional field in a form is a field not given.
            if value == .string(""), !fields.required.contains(key) { continue }
            settings.append(.init(key: key, value: try APIFieldValue.text(value, key: "fields.\(key)", for: spec)))
        }
        let values: SchemaValues
        switch SchemaValues.read(settings, for: fields, naming: .jsonFields) {
        case .success(let read): values = read
        case .failure(let problems): throw APIRefusal(422, problems.messages.joined(separator: "\n"))
        }
        let body = members["body"] == nil ? "" : try Self.text(members, "body")
        var item = NewItem(collection: name, values: values, body: Array(body.utf8))
        item.slug = try members["slug"] == nil ? freeSlug(for: item) : Self.text(members, "slug")
        return try create(item)
    }

    /// Creates the item's file; answers 201 with its path, URL and version once the preview shows it.
    private func create(_ item: NewItem) throws(APIRefusal) -> HTTPResponse {
        do {
            let (target, warnings) = try ContentCreator(siteRoot: siteRoot).create(item)
            rebuilds.waitForBuild(of: target.sitePath, in: siteRoot)
            let bytes = (try? FileReader.read(target.path)) ?? []
            let url =
                "/"
                + PageAddress.segments(target.kind, slug: target.slug).map { SitePaths.percentEncoded($0) + "/" }
                .joined()
            return APIReply.json(
                201,
                [
                    "path": .string(target.sitePath), "url": .string(url), "version": .string(ContentVersion.of(bytes)),
                    "warnings": APIReply.warnings(warnings),
                ])
        } catch {
            throw APIRefusal(error)
        }
    }

    /// `add: {KEY: [ITEM, …]}` and `remove: {KEY: [ITEM, …]}`: `--add KEY=ITEM` and `--remove KEY=ITEM`,
    /// removals first.
    private static func listChanges(_ members: [String: JSONValue]) throws(APIRefusal) -> [EditRequest.ListChange] {
        var changes: [EditRequest.ListChange] = []
        for (member, action) in [("remove", EditRequest.ListChange.Action.remove), ("add", .add)] {
            for (key, _) in try object(members, member).sorted(by: { $0.key < $1.key }) {
                for item in try texts(try object(members, member), key) {
                    changes.append(EditRequest.ListChange(action, key: key, item: item))
                }
            }
        }
        return changes
    }

    /// The slug `new` would make, with `-2`, `-3` … added while a file already has it.
    private func freeSlug(for item: NewItem) throws(APIRefusal) -> String {
        let base: String
        do {
            base = try item.resolvedSlug()
        } catch {
            throw APIRefusal(error)
        }
        let folder = siteRoot + "/content/" + item.folder
        func taken(_ slug: String) -> Bool {
            FileManager.default.fileExists(atPath: "\(folder)/\(slug).md")
                || FileManager.default.fileExists(atPath: "\(folder)/\(slug)")
        }
        guard taken(base) else { return base }
        for number in 2...99 where !taken("\(base)-\(number)") { return "\(base)-\(number)" }
        throw APIRefusal(409, "content/\(item.folder)/\(base).md and 98 more like it exist; give a slug")
    }

    /// Runs an edit of a file the client read at `version`; answers once the preview shows it.
    private func write(_ target: EditTarget, _ change: some ContentChange, version: String) throws(APIRefusal)
        -> HTTPResponse
    {
        let outcome: EditOutcome
        do {
            outcome = try ContentEditor(siteRoot: siteRoot).edit(target, change, ifVersion: version)
        } catch {
            throw APIRefusal(error)
        }
        if outcome.changed { rebuilds.waitForBuild(of: target.sitePath, in: siteRoot) }
        return APIReply.json(
            200,
            [
                "version": .string(outcome.version), "changed": .bool(outcome.changed),
                "warnings": APIReply.warnings(outcome.warnings),
            ])
    }

    // MARK: Reading the request's members

    private static func text(_ members: [String: JSONValue], _ key: String) throws(APIRefusal) -> String {
        guard let text = members[key]?.text else { throw APIRefusal(400, "\(key) must be given, as a string") }
        return text
    }

    private static func object(_ members: [String: JSONValue], _ key: String) throws(APIRefusal) -> [String: JSONValue]
    {
        guard let value = members[key] else { return [:] }
        guard let object = value.members else { throw APIRefusal(400, "\(key) must be an object") }
        return object
    }

    private static func texts(_ members: [String: JSONValue], _ key: String) throws(APIRefusal) -> [String] {
        guard let value = members[key] else { return [] }
        guard case .array(let items) = value, let texts = Optional(items.compactMap(\.text)),
            texts.count == items.count
        else { throw APIRefusal(400, "\(key) must be a list of strings") }
        return texts
    }
}

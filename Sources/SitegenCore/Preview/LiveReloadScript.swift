/// The script the preview adds to every page it serves (never to `build`'s
/// output: it is added as the page is sent). It listens to the rebuild events
/// (`ReloadEvents`) and reloads the page only when its URL is among the
/// changed ones, swaps the stylesheets when CSS changed, and shows a failed
/// rebuild's diagnostics over the page until a rebuild succeeds.
enum LiveReloadScript {
    /// Where the script is served.
    static let path = "/_sitegen/live-reload.js"

    /// A page with the script's tag before its last `</body>` (or at its end). `alsoReloadFor`
    /// names another URL whose change reloads the page (a missing page shows `/404.html`).
    static func inject(into page: [UInt8], alsoReloadFor other: String? = nil) -> [UInt8] {
        let also = other.map { " data-also=\"\($0)\"" } ?? ""
        let tag = "<script src=\"\(path)\"\(also) defer></script>\n"
        return PageInsertion.insert(tag, before: "</body>", in: page, last: true) ?? page + Array(tag.utf8)
    }

    /// The script's source.
    static let source = """
        (() => {
          "use strict";
          const script = document.currentScript;
          const decoded = (url) => { try { return decodeURI(url); } catch { return url; } };
          const folderOf = (path) => path.endsWith("/index.html") ? path.slice(0, -"index.html".length) : path;
          const mine = [folderOf(decoded(location.pathname))];
          if (script && script.dataset.also) mine.push(decoded(script.dataset.also));
          let overlay = null;
          const clear = () => { if (overlay) { overlay.remove(); overlay = null; } };
          const show = (errors) => {
            clear();
            overlay = document.createElement("div");
            overlay.id = "sitegen-errors";
            overlay.setAttribute("role", "alert");
            overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;margin:0;padding:2rem;" +
              "background:rgba(24,24,24,.94);color:#ffd7d7;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap";
            const title = document.createElement("strong");
            title.textContent = "sitegen: the last change did not build; this is the last good preview.\\n\\n";
            overlay.append(title, errors.join("\\n"));
            document.body.append(overlay);
          };
          const swapStylesheets = () => {
            for (const link of document.querySelectorAll('link[rel~="stylesheet"]')) {
              const url = new URL(link.href);
              url.searchParams.set("sitegen", Date.now().toString());
              const next = link.cloneNode();
              next.href = url.href;
              next.addEventListener("load", () => link.remove());
              link.after(next);
            }
          };
          const events = new EventSource("/_sitegen/events");
          events.addEventListener("message", (message) => {
            const event = JSON.parse(message.data);
            if (event.errors) { show(event.errors); return; }
            clear();
            if (event.changed.some((url) => mine.includes(decoded(url)))) {
              // The editing script (EditScript) keeps a page whose form holds unsaved input.
              if (!(window.sitegenKeepPage && window.sitegenKeepPage())) location.reload();
              return;
            }
            if (event.css) swapStylesheets();
          });
        })();

        """
}

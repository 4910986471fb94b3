/// The script behind the built-in theme's editing controls, which pages load
/// only inside `{{#site.editing}}` (so never in `build` output). It sends the
/// preview's JSON API (`/_sitegen/api/`) what a control asks for, with the
/// page's token (`<meta name="sitegen-token">`), shows a refusal next to the
/// control that caused it, and reloads (or goes to the new post) once the
/// server answers, which it does only after the preview has rebuilt.
///
/// A form or dialog with unsaved input holds the live-reload script's reload
/// (`window.sitegenKeepPage`, which it asks before reloading): the page says it
/// changed and reloads once the draft is saved or cancelled.
enum EditScript {
    /// Where the script is served.
    static let path = "/_sitegen/edit.js"

    /// The script's source.
    static let source = #"""
        (() => {
          "use strict";
          // Read at each request: the page the server sent carries it.
          const token = () => {
            const tag = document.querySelector('meta[name="sitegen-token"]');
            return tag ? tag.content : "";
          };
          const wordsTag = document.getElementById("sitegen-edit-words");
          const words = wordsTag ? wordsTag.dataset : {};
          let reloading = false;
          let reloadWaits = false;

          const reload = (url) => {
            reloading = true;
            if (url) location.assign(url); else location.reload();
          };

          // A form the user can see whose inputs differ from what they were filled with.
          const shown = (form) => {
            if (form.hidden || form.closest("[hidden]")) return false;
            const dialog = form.closest("dialog");
            if (dialog && !dialog.open) return false;
            const details = form.closest("details");
            return !details || details.open;
          };
          const dirty = (form) => Array.from(form.elements).some((field) =>
            (field.tagName === "TEXTAREA" || (field.tagName === "INPUT" && field.type !== "submit" && field.type !== "button"))
            && field.value !== field.defaultValue);
          const drafts = () => Array.from(document.querySelectorAll("form[data-edit-form]")).filter((form) => shown(form) && dirty(form));

          let notice = null;
          // Asked by the live-reload script before it reloads this page: true keeps the page.
          window.sitegenKeepPage = () => {
            if (reloading) return true;
            if (drafts().length === 0) return false;
            reloadWaits = true;
            if (!notice) {
              notice = document.createElement("p");
              notice.className = "edit-notice";
              notice.setAttribute("role", "status");
              notice.textContent = words.held || "";
              document.body.append(notice);
            }
            return true;
          };
          const settled = () => { if (reloadWaits && drafts().length === 0) reload(); };

          // Fills a field as if the page had been served with that value: it is not a draft yet.
          const fill = (field, value) => { field.value = value; field.defaultValue = value; };
          const clearDraft = (form) => {
            for (const field of form.elements) if ("defaultValue" in field) field.value = field.defaultValue;
          };

          const api = async (method, name, body) => {
            const init = { method, cache: "no-store", headers: {} };
            if (body !== undefined) {
              init.headers["Content-Type"] = "application/json";
              init.headers["X-Sitegen-Token"] = token();
              init.body = typeof body === "string" ? body : JSON.stringify(body);
            }
            let response;
            try {
              response = await fetch("/_sitegen/api/" + name, init);
            } catch (error) {
              return { status: 0, json: { error: String(error) } };
            }
            let json = {};
            try { json = await response.json(); } catch { json = { error: response.status + " " + response.statusText }; }
            return { status: response.status, json };
          };
          const readFile = (source) => api("GET", "file?path=" + encodeURIComponent(source));
          // A JSON number from whole-number digits, however large (JSON.stringify of a Number would round
          // it); anything else goes as a string, for the server to refuse in its own words.
          const number = (digits) => {
            const trimmed = String(digits).trim();
            return /^-?[0-9]+$/.test(trimmed) ? BigInt(trimmed).toString() : JSON.stringify(trimmed);
          };
          const jsonWith = (object, key, digits) => {
            const json = JSON.stringify(object);
            return json.slice(0, -1) + (json === "{}" ? "" : ",") + JSON.stringify(key) + ":" + number(digits) + "}";
          };

          const say = (status, text) => {
            if (!status) return;
            status.replaceChildren();
            if (!text) return;
            const line = document.createElement("p");
            line.textContent = text;
            status.append(line);
          };
          // What a refused request gets: the site's words first, then the server's, each problem's
          // place in its file as a detail; a way out of a conflict (a 409 to a new file means its
          // name is taken, not that a draft went stale).
          const refusal = (status, answer, creating = false) => {
            if (!status) return;
            const json = answer.json || {};
            const line = document.createElement("div");
            line.className = "edit-error";
            line.setAttribute("role", "alert");
            if (answer.status === 409 && !creating) {
              line.append(words.conflict || json.error || "", " ");
              const button = document.createElement("button");
              button.type = "button";
              button.textContent = words.reload || "Reload";
              button.addEventListener("click", () => reload());
              line.append(button);
            } else if (answer.status === 422) {
              const problems = (json.diagnostics || []).length > 0 ? json.diagnostics : [{ message: json.error || "" }];
              const heading = document.createElement("p");
              heading.textContent = words.invalid || words.failed || "";
              const list = document.createElement("ul");
              for (const problem of problems) {
                const item = document.createElement("li");
                item.append(problem.message || problem.text || "");
                if (problem.path) {
                  const place = [problem.path, problem.line, problem.column].filter((part) => part !== undefined);
                  const where = document.createElement("small");
                  where.className = "edit-where";
                  where.textContent = (words.where ? words.where + " " : "") + place.join(":");
                  item.append(" ", where);
                }
                list.append(item);
              }
              line.append(heading, list);
            } else if (answer.status === 403) {
              line.textContent = (words.refused || "") + " " + (json.error || "403");
            } else {
              line.textContent = (words.failed || "") + " " + (json.error || String(answer.status));
            }
            status.replaceChildren(line);
          };

          // Runs one request for a control: its buttons wait, its status says how it went.
          const send = async (controls, status, request, done, creating = false) => {
            for (const control of controls) control.disabled = true;
            say(status, words.saving || "…");
            const answer = await request();
            if (answer.status >= 200 && answer.status < 300) {
              say(status, "");
              done(answer.json);
              return true;
            }
            for (const control of controls) control.disabled = false;
            refusal(status, answer, creating);
            return false;
          };
          const field = (form, name) => form.elements.namedItem(name);
          const text = (value) => (value === null || value === undefined ? "" : String(value));
          const buttonsOf = (form) => Array.from(form.querySelectorAll("button"));
          const statusOf = (form) => form.querySelector(".edit-status");
          const tagsOf = (text) => text.split(",").map((tag) => tag.trim()).filter((tag) => tag !== "");
          const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

          // Posts list: a new post.
          for (const form of document.querySelectorAll('form[data-edit-form="new-post"]')) {
            form.addEventListener("submit", (event) => {
              event.preventDefault();
              const fields = {};
              const username = field(form, "username").value.trim();
              const title = field(form, "title").value.trim();
              if (username) fields.username = username;
              if (title) fields.title = title;
              const body = { kind: "post", fields, body: field(form, "body").value };
              send(buttonsOf(form), statusOf(form), () => api("POST", "new", body), (json) => {
                clearDraft(form);
                reload(json.url);
              }, true);
            });
          }

          // A panel whose form opens on a button, filled from the file (post, profile).
          const panel = (section, fillForm, changes) => {
            const opener = section.querySelector("[data-edit-open]");
            const form = section.querySelector("form[data-edit-form]");
            const source = section.dataset.source;
            let version = null;
            let file = null;
            const close = () => {
              form.hidden = true;
              opener.hidden = false;
              opener.setAttribute("aria-expanded", "false");
              say(statusOf(form), "");
              opener.focus();
              settled();
            };
            opener.addEventListener("click", async () => {
              opener.disabled = true;
              const answer = await readFile(source);
              opener.disabled = false;
              if (answer.status !== 200) {
                form.hidden = false;
                refusal(statusOf(form), answer);
                return;
              }
              file = answer.json;
              version = file.version;
              fillForm(form, file);
              form.hidden = false;
              opener.hidden = true;
              opener.setAttribute("aria-expanded", "true");
              const first = form.querySelector("input, textarea");
              if (first) first.focus();
            });
            form.querySelector("[data-edit-cancel]").addEventListener("click", () => {
              clearDraft(form);
              close();
            });
            form.addEventListener("keydown", (event) => {
              if (event.key === "Escape" && !dirty(form)) close();
            });
            form.addEventListener("submit", (event) => {
              event.preventDefault();
              if (!file) return;
              const edit = changes(form, file);
              if (Object.keys(edit).length === 0) { close(); return; }
              const request = Object.assign({ path: source, version }, edit);
              send(buttonsOf(form), statusOf(form), () => api("POST", "edit", request), () => {
                clearDraft(form);
                reload();
              });
            });
          };

          for (const section of document.querySelectorAll('[data-edit="post"]')) {
            panel(section, (form, file) => {
              fill(field(form, "title"), text(file.fields.title));
              fill(field(form, "tags"), (Array.isArray(file.fields.tags) ? file.fields.tags : []).join(", "));
              fill(field(form, "body"), file.body || "");
            }, (form, file) => {
              const edit = {};
              const set = {};
              const unset = [];
              const title = field(form, "title").value.trim();
              const oldTitle = text(file.fields.title);
              if (title !== oldTitle) { if (title) set.title = title; else unset.push("title"); }
              const tags = tagsOf(field(form, "tags").value);
              const oldTags = Array.isArray(file.fields.tags) ? file.fields.tags : [];
              if (!same(tags, oldTags)) { if (tags.length > 0) set.tags = tags; else unset.push("tags"); }
              if (Object.keys(set).length > 0) edit.set = set;
              if (unset.length > 0) edit.unset = unset;
              if (field(form, "body").value !== (file.body || "")) edit.body = field(form, "body").value;
              return edit;
            });
          }

          for (const section of document.querySelectorAll('[data-edit="profile"]')) {
            panel(section, (form, file) => {
              fill(field(form, "bio"), text(file.fields.bio));
            }, (form, file) => {
              const bio = field(form, "bio").value.trim();
              const oldBio = text(file.fields.bio);
              if (bio === oldBio) return {};
              return bio ? { set: { bio } } : { unset: ["bio"] };
            });
          }

          // An item of a collection: one input per field of its schema (partials/item-field), each
          // read back as the JSON its type takes (a number, true or false, an array of strings, a string).
          const fieldInputs = (form) => Array.from(form.querySelectorAll("[data-field]"));
          const typedValue = (input) => {
            const kind = input.dataset.input;
            if (kind === "checkbox") return input.checked;
            const raw = input.value.trim();
            if (raw === "") return undefined;
            if (kind === "number") return Number.isFinite(Number(raw)) ? Number(raw) : raw;
            if (kind === "list") return tagsOf(raw);
            // A date input edits the day: a time and offset the file gave the date are kept with it.
            if (kind === "date" && /^\d{4}-\d{2}-\d{2}$/.test(raw)) return raw + (input.dataset.time || "");
            return raw;
          };
          // What an input shows for a value of the file: a list joined by commas, a date as its day.
          const shownText = (input, value) => {
            if (value === null || value === undefined) return "";
            if (Array.isArray(value)) return value.join(", ");
            return input.dataset.input === "date" ? String(value).slice(0, 10) : String(value);
          };
          const fillInput = (input, value) => {
            if (input.dataset.input === "checkbox") {
              input.checked = value === true;
              input.defaultChecked = input.checked;
            } else if (input.tagName === "SELECT") {
              input.value = shownText(input, value);
              for (const option of input.options) option.defaultSelected = option.selected;
            } else {
              if (input.dataset.input === "date") input.dataset.time = typeof value === "string" ? value.slice(10) : "";
              fill(input, shownText(input, value));
            }
          };
          const changed = (input) => input.dataset.input === "checkbox"
            ? input.checked !== input.defaultChecked
            : input.tagName === "SELECT"
              ? Array.from(input.options).some((option) => option.selected !== option.defaultSelected)
              : input.value !== input.defaultValue;

          for (const section of document.querySelectorAll('[data-edit="item"]')) {
            panel(section, (form, file) => {
              for (const input of fieldInputs(form)) fillInput(input, file.fields[input.dataset.field]);
              fill(field(form, "body"), file.body || "");
            }, (form, file) => {
              const edit = {};
              const set = {};
              const unset = [];
              for (const input of fieldInputs(form)) {
                if (!changed(input)) continue;
                const value = typedValue(input);
                if (value === undefined) unset.push(input.dataset.field); else set[input.dataset.field] = value;
              }
              if (Object.keys(set).length > 0) edit.set = set;
              if (unset.length > 0) edit.unset = unset;
              if (field(form, "body").value !== (file.body || "")) edit.body = field(form, "body").value;
              return edit;
            });
          }

          // A collection's list page: a new item, its fields typed as an edit's.
          for (const form of document.querySelectorAll('form[data-edit-form="new-item"]')) {
            form.addEventListener("submit", (event) => {
              event.preventDefault();
              const fields = {};
              for (const input of fieldInputs(form)) {
                const value = typedValue(input);
                if (input.dataset.input === "checkbox" ? changed(input) : value !== undefined) {
                  fields[input.dataset.field] = value;
                }
              }
              const body = { kind: form.dataset.collection, fields, body: field(form, "body").value };
              send(buttonsOf(form), statusOf(form), () => api("POST", "new", body), (json) => {
                clearDraft(form);
                reload(json.url);
              }, true);
            });
          }

          // Menu list: each row's pencil opens one dialog for that item's name and price.
          for (const opener of document.querySelectorAll("[data-edit-dialog]")) {
            const dialog = document.getElementById(opener.dataset.editDialog);
            if (!dialog) continue;
            opener.addEventListener("click", async () => {
              const form = dialog.querySelector("form");
              opener.disabled = true;
              const answer = await readFile(opener.dataset.source);
              opener.disabled = false;
              say(statusOf(form), "");
              if (answer.status !== 200) {
                refusal(statusOf(form), answer);
              } else {
                fill(field(form, "name"), text(answer.json.fields.name));
                fill(field(form, "price"), text(answer.json.fields.price));
              }
              dialog.sitegenFile = answer.status === 200 ? answer.json : null;
              dialog.sitegenOpener = opener;
              for (const button of buttonsOf(form)) button.disabled = false;
              dialog.showModal();
              field(form, "name").focus();
            });
          }
          for (const dialog of document.querySelectorAll("dialog.edit-dialog")) {
            const form = dialog.querySelector("form");
            form.querySelector("[data-edit-cancel]").addEventListener("click", () => dialog.close());
            dialog.addEventListener("close", () => {
              clearDraft(form);
              say(statusOf(form), "");
              if (dialog.sitegenOpener) dialog.sitegenOpener.focus();
              settled();
            });
            form.addEventListener("submit", (event) => {
              event.preventDefault();
              const file = dialog.sitegenFile;
              if (!file) return;
              const set = {};
              const name = field(form, "name").value.trim();
              const price = field(form, "price").value.trim();
              if (name !== text(file.fields.name)) set.name = name;
              if (price !== text(file.fields.price)) set.price = price;
              if (Object.keys(set).length === 0) { dialog.close(); return; }
              const request = { path: file.path, version: file.version, set };
              send(buttonsOf(form), statusOf(form), () => api("POST", "edit", request), () => {
                clearDraft(form);
                reload();
              });
            });
          }

          // Counter and primes: content/primes.md, whose version is read when the page loads.
          const primesStatus = document.querySelector("[data-primes]");
          if (primesStatus) {
            const loaded = readFile(primesStatus.dataset.primes);
            const change = (controls, key, digits) => send(controls, primesStatus, async () => {
              const file = await loaded;
              if (file.status !== 200) return file;
              return api("POST", "primes", jsonWith({ version: file.json.version }, key, digits));
            }, () => reload());
            for (const button of document.querySelectorAll("[data-step]")) {
              button.addEventListener("click", () => {
                const next = BigInt(button.dataset.count) + BigInt(button.dataset.step);
                change(document.querySelectorAll("[data-step], [data-favorite]"), "count", next.toString());
              });
            }
            for (const button of document.querySelectorAll("[data-favorite]")) {
              button.addEventListener("click", () => {
                change(document.querySelectorAll("[data-step], [data-favorite]"), button.dataset.favorite, button.dataset.value);
              });
            }
            for (const form of document.querySelectorAll('form[data-edit-form="add-favorite"]')) {
              form.addEventListener("submit", (event) => {
                event.preventDefault();
                change(buttonsOf(form), "add", field(form, "prime").value).then((written) => {
                  if (written) clearDraft(form);
                });
              });
            }
          }
        })();

        """#
}

// The caller's spaces, and creating one (a new space comes with #general and a voice channel).
import { useState } from "react";
import { usePortal } from "../context.ts";
import { Link, navigate } from "../router.tsx";
import { Async, ErrorBox, Field, useAction, useLoad } from "../ui.tsx";

export function SpacesPage() {
  const { client } = usePortal();
  const spaces = useLoad(() => client.spaces.mine(), [client]);
  const [f, setF] = useState({ name: "", description: "", visibility: "private" as "private" | "public" });
  const create = useAction(async () => {
    const s = await client.spaces.create({
      name: f.name,
      visibility: f.visibility,
      ...(f.description ? { description: f.description } : {}),
    });
    navigate(`/spaces/${s.id}`);
  });
  return (
    <>
      <h1>Spaces</h1>
      <section aria-labelledby="your-spaces">
        <h2 id="your-spaces">Your spaces</h2>
        <Async state={spaces} what="spaces">
          {(list) =>
            list.length === 0 ? (
              <p className="muted">You are in no space yet. Create one to install your bots in.</p>
            ) : (
              <ul className="cards">
                {list.map((s) => (
                  <li key={s.id} className="card">
                    <Link to={`/spaces/${s.id}`} className="title">
                      {s.name}
                    </Link>{" "}
                    <span className="badge">{s.visibility}</span> <span className="badge">{s.my_role}</span>
                    <div className="muted small">
                      {s.member_count} member{s.member_count === 1 ? "" : "s"}
                    </div>
                  </li>
                ))}
              </ul>
            )
          }
        </Async>
      </section>
      <section aria-labelledby="new-space">
        <h2 id="new-space">Create a space</h2>
        <form className="card" aria-label="Create a space" onSubmit={(e) => (e.preventDefault(), void create.run())}>
          <Field label="Space name">
            {(id) => <input id={id} required maxLength={100} value={f.name} onChange={(e) => setF({ ...f, name: e.target.value })} />}
          </Field>
          <Field label="Description (optional)">
            {(id) => (
              <textarea
                id={id}
                rows={2}
                maxLength={1000}
                value={f.description}
                onChange={(e) => setF({ ...f, description: e.target.value })}
              />
            )}
          </Field>
          <Field label="Visibility" hint="Public spaces can be found and joined by anyone; private ones need an invite.">
            {(id, hint) => (
              <select
                id={id}
                aria-describedby={hint}
                value={f.visibility}
                onChange={(e) => setF({ ...f, visibility: e.target.value as "private" | "public" })}
              >
                <option value="private">Private</option>
                <option value="public">Public</option>
              </select>
            )}
          </Field>
          <ErrorBox error={create.error} />
          <button type="submit" disabled={create.busy}>
            {create.busy ? "Creating…" : "Create space"}
          </button>
        </form>
      </section>
    </>
  );
}

"use client";

import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  PERMISSION_EFFECTS,
  type PermissionGrant,
  type PermissionQuestion,
} from "@/lib/review/permission-grants";
import { PERMISSION_NAMES, type PermissionName } from "@/lib/decide/vocabulary";

/** A question on screen: what the live view asked, where the server lives, and how to answer. */
interface Asking extends PermissionQuestion {
  id: number;
  /** The server's address (its origin), shown beside the name it gives itself. */
  origin: string;
  resolve(allowed: PermissionName[]): void;
}

/**
 * PERM-2 for the review's Run: asks the person which requested permissions to allow, for one run.
 * `ask` resolves with the allowed ones; `cancel` answers any open question with none (the run was
 * replaced or closed).
 */
export function usePermissionQuestion() {
  const [asking, setAsking] = useState<Asking | null>(null);
  const next = useRef(0);
  const ask = useCallback(
    (question: PermissionQuestion, origin: string) =>
      new Promise<PermissionName[]>((resolve) => {
        setAsking((old) => {
          old?.resolve([]);
          return { ...question, origin, id: ++next.current, resolve };
        });
      }),
    [],
  );
  const answer = useCallback((allowed: PermissionName[]) => {
    setAsking((old) => {
      old?.resolve(allowed);
      return null;
    });
  }, []);
  const cancel = useCallback(() => answer([]), [answer]);
  return { asking, ask, answer, cancel };
}

/** The modal question: one unticked box per requested permission, for this run only. */
export function PermissionDialog({
  asking,
  onAnswer,
}: {
  asking: Asking | null;
  onAnswer(allowed: PermissionName[]): void;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (asking && !dialog.current?.open) dialog.current?.showModal();
    else if (!asking && dialog.current?.open) dialog.current.close();
  }, [asking]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onAnswer(PERMISSION_NAMES.filter((p) => form.get(p) === "on"));
  };
  return (
    <dialog
      ref={dialog}
      aria-labelledby={asking ? `${id}-title` : undefined}
      aria-describedby={asking ? `${id}-who` : undefined}
      className="runner-dialog"
      data-testid="permission-dialog"
      onCancel={(e) => {
        // Escape allows nothing; the view still renders (PERM-3).
        e.preventDefault();
        onAnswer([]);
      }}
    >
      {asking ? (
        <form key={asking.id} onSubmit={submit}>
          <h2 id={`${id}-title`}>Permissions for the view of {asking.tool}</h2>
          <p id={`${id}-who`}>
            The server that calls itself{" "}
            <strong data-testid="permission-server">{asking.server}</strong>, at{" "}
            <code>{asking.origin}</code>, asks that its view may:
          </p>
          <fieldset>
            <legend>Allow for this run only</legend>
            {asking.requested.map((p) => (
              <label key={p} className="runner-permission">
                <input type="checkbox" name={p} data-permission={p} /> {PERMISSION_EFFECTS[p].label}{" "}
                — {PERMISSION_EFFECTS[p].effect}
              </label>
            ))}
          </fieldset>
          <p className="muted">
            Nothing is allowed unless you tick it, and only for this run: the next Run asks again.
            Your browser may then ask you too, naming this site, not the server; anything you
            already let this site use, the view gets without a browser prompt. The view renders
            either way (PERM-2, PERM-3); Escape allows nothing.
          </p>
          <p>
            <button type="submit">Render the view</button>
          </p>
        </form>
      ) : null}
    </dialog>
  );
}

/** Beside the view: what it requested and what this run granted (PERM-2). */
export function GrantedPermissions({ grant }: { grant: PermissionGrant | undefined }) {
  if (!grant?.requested.length) return null;
  return (
    <p className="runner-permissions" data-testid="view-permissions">
      Permissions (PERM-2). Granted for this run:{" "}
      {grant.granted.length ? grant.granted.join(", ") : "none"}.
      {grant.denied.length ? ` Not granted: ${grant.denied.join(", ")}.` : ""}
    </p>
  );
}

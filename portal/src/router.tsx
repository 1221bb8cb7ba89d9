// A tiny history router: real links (keyboard and middle-click work), paths under /portal/.
import { useEffect, useState, type AnchorHTMLAttributes, type MouseEvent } from "react";

const BASE = "/portal";

export function navigate(path: string): void {
  window.history.pushState(null, "", BASE + path);
  window.dispatchEvent(new PopStateEvent("popstate"));
  window.scrollTo(0, 0);
}

/** The current path below /portal, e.g. "/bots/…". */
export function usePath(): string {
  const read = () => window.location.pathname.replace(/^\/portal/, "") || "/";
  const [path, setPath] = useState(read);
  useEffect(() => {
    const on = () => setPath(read());
    window.addEventListener("popstate", on);
    return () => window.removeEventListener("popstate", on);
  }, []);
  return path;
}

export function Link({ to, onClick, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return <a href={BASE + to} onClick={click} {...rest} />;
}

// Both SDKs' errors have one shape (docs/errors.md): the same field names with the same values.
import { expect, it } from "vitest";
import { ApiError as ClientApiError } from "../../sdk-client/src/index.ts";
import { ApiError as BotApiError } from "../src/index.ts";

it("sdk-bot's and sdk-client's ApiError carry status, detail, errors, requestId, body, method and url alike", () => {
  const init = {
    status: 422,
    detail: "body /name: too long",
    errors: [{ location: "body" as const, path: "/name", message: "too long", code: "maxLength" }],
    requestId: "req-1",
    body: { detail: "body /name: too long" },
    method: "POST",
    url: "http://x/api/spaces",
  };
  const pick = (e: object) =>
    Object.fromEntries(
      ["status", "detail", "errors", "requestId", "body", "method", "url", "message", "name"].map((k) => [
        k,
        (e as Record<string, unknown>)[k],
      ]),
    );
  const expected = { ...init, message: "POST /api/spaces → 422: body /name: too long", name: "ApiError" };
  expect(pick(new BotApiError(init))).toEqual(expected);
  expect(pick(new ClientApiError(init))).toEqual(expected);
  const bare = { status: 500, detail: "internal error", method: "GET", url: "http://x/" };
  expect(pick(new BotApiError(bare))).toEqual(pick(new ClientApiError(bare)));
});

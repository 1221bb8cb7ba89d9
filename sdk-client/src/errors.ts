// The API's errors: one ApiError for every non-2xx answer, the same class as sdk-bot's (api-error/, bundled by the
// build; docs/errors.md). Network failures are not wrapped: they reach the caller as fetch raised them.
export { ApiError, isApiError } from "../../api-error/index.ts";

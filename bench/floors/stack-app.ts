// The decided stack with nothing of ours around it, as every stack floor runs it: Express 5 and
// express-openapi-validator from our node_modules, on generated/openapi.yaml, configured as the service
// configures them (platform/http/app.ts and validation.ts: JSON bodies, request validation, no multer).
import express, { type Express } from "express";
import * as OpenApiValidator from "express-openapi-validator";
import { loadContract } from "../../server/src/contract.ts";
import { UNDOCUMENTED } from "../../server/src/platform/http/validation.ts";

export function stackApp(): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.set("query parser", "simple");
  app.use(express.json({ limit: "1mb", type: () => true, strict: false }));
  app.use(
    OpenApiValidator.middleware({
      apiSpec: loadContract() as never,
      validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false, removeAdditional: false },
      validateResponses: false,
      validateSecurity: false,
      validateFormats: true,
      fileUploader: false,
      ignorePaths: UNDOCUMENTED,
    }),
  );
  return app;
}

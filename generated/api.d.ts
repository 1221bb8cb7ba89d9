// Generated from spec/ by `npm run gen`. Do not edit by hand.
export type paths = {
    "/api/bot/commands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the bot's registered commands */
        get: operations["Commands_list"];
        /** Replace the bot's whole command registry */
        put: operations["Commands_put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bot/commands/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete one command by its normalised name */
        delete: operations["Commands_remove"];
        options?: never;
        head?: never;
        /** Enable or disable one command */
        patch: operations["Commands_setEnabled"];
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process runs */
        get: operations["Service_healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus text exposition */
        get: operations["Service_metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the database and (where configured) Redis answer */
        get: operations["Service_readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        /**
         * @description A choice offered for an option. `name` is cut to 100 characters by the server;
         *     `value` must match the option's type (string for `string`, a number otherwise).
         */
        "Bot.CommandChoice": {
            name: string;
            value: string | number;
        };
        /** @description A command as declared (spec 2.3). The name is trimmed and lowercased, then must match `^[a-z0-9_-]{1,32}$`. */
        "Bot.CommandDeclaration": {
            name: string;
            description: string;
            /** @default [] */
            options: components["schemas"]["Bot.CommandOptionDeclaration"][];
        };
        "Bot.CommandEnableRequest": {
            enabled?: boolean;
        };
        "Bot.CommandOption": {
            name: string;
            type: components["schemas"]["Bot.OptionType"];
            description: string;
            required: boolean;
            choices?: components["schemas"]["Bot.CommandChoice"][];
            /** Format: double */
            min?: number;
            /** Format: double */
            max?: number;
        };
        /**
         * @description An option as declared (spec 2.4). `name` and `type` are checked beyond the schema on purpose:
         *     a name of the right length but bad characters, or an unknown type, is a 400 (spec 4.5), so the
         *     schema only bounds the name's length and leaves `type` a plain string.
         */
        "Bot.CommandOptionDeclaration": {
            name: string;
            /** @description One of `string`, `integer`, `number`, `boolean`, `user`, `channel`. */
            type: string;
            /** @description 1 to 100 characters as sent; empty after trimming is a 400. */
            description: string;
            /** @default false */
            required: boolean;
            /** @description Only for `string`, `integer` and `number`. */
            choices?: components["schemas"]["Bot.CommandChoice"][];
            /**
             * Format: double
             * @description Only for `integer` and `number`.
             */
            min?: number;
            /**
             * Format: double
             * @description Only for `integer` and `number`.
             */
            max?: number;
        };
        /** @description A registered command (CommandResponse). */
        "Bot.CommandResponse": {
            name: string;
            description: string;
            options: components["schemas"]["Bot.CommandOption"][];
            /**
             * Format: int32
             * @description Starts at 1; grows only when description or options change.
             */
            version: number;
            /** @description Visible to users and invocable. */
            enabled: boolean;
        };
        /** @enum {string} */
        "Bot.OptionType": "string" | "integer" | "number" | "boolean" | "user" | "channel";
        "Bot.PutCommandsRequest": {
            commands: components["schemas"]["Bot.CommandDeclaration"][];
        };
        /** @description `Authorization: Bot <BOT_TOKEN>`: `bot_` followed by 48 lowercase hex characters. */
        BotAuth: {
            /** @enum {string} */
            type: "http";
            /** @enum {string} */
            scheme: "Bot";
        };
        Conflict: {
            body: components["schemas"]["ErrorBody"];
        };
        /** @description Every error answer: a single human-readable sentence. */
        ErrorBody: {
            detail: string;
        };
        "Service.HealthStatus": {
            /** @enum {string} */
            status: "ok";
        };
        /** @description 422: the input breaks the schema. `detail` repeats the first problem. */
        ValidationErrorBody: {
            detail: string;
            errors: components["schemas"]["ValidationIssue"][];
        };
        /** @description One input problem found by schema validation. */
        ValidationIssue: {
            /** @enum {string} */
            location: "body" | "query" | "path" | "header";
            /** @description JSON pointer into the located input, e.g. `/commands/0/name`. */
            path: string;
            message: string;
            /** @description The schema keyword that failed, e.g. `maxLength`. */
            code: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    Commands_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot.CommandResponse"][];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Commands_put: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Bot.PutCommandsRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot.CommandResponse"][];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Commands_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description There is no content to send for this request, but the headers may be useful. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Commands_setEnabled: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Bot.CommandEnableRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot.CommandResponse"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Service_healthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service.HealthStatus"];
                };
            };
        };
    };
    Service_metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
        };
    };
    Service_readyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service.HealthStatus"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
}

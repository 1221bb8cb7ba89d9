// parley CLI (example for @parley/sdk-client): `node --import tsx examples/client-cli/src/main.ts <command> …`
// Server: PARLEY_URL (default http://127.0.0.1:8080). Tokens: PARLEY_STATE (default ~/.parley-cli.json).
import { parseArgs } from "./args.ts";
import { chatCommands, type ChatContext } from "./chat.ts";
import { commands as basic, createClient, describeError, UsageError } from "./commands.ts";
import { load, save, statePath } from "./state.ts";

const commands = { ...basic, ...chatCommands };

async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const [name, ...rest] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(
      `usage:\n${Object.values(commands)
        .map((c) => `  ${c.usage}`)
        .join("\n")}\n`,
    );
    return name ? 2 : 0;
  }
  const baseUrl = env.PARLEY_URL ?? "http://127.0.0.1:8080";
  const path = statePath(env);
  const saved = load(path);
  const client = createClient({
    baseUrl,
    token: saved.accessToken,
    refreshToken: saved.refreshToken,
    onTokens: (t) => save(path, { accessToken: t.access_token, refreshToken: t.refresh_token }),
  });
  try {
    const ctx: ChatContext = { client, baseUrl, statePath: path, out: (v) => process.stdout.write(JSON.stringify(v) + "\n") };
    await command.run(ctx, parseArgs(rest));
    return 0;
  } catch (err) {
    process.stderr.write((err instanceof UsageError ? `usage: ${err.message}` : describeError(err)) + "\n");
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2), process.env);

// A small typed builder over the plain CommandDeclaration: each option added also extends the type of the
// options a `command.invoked` event carries, so a handler reads `options.sides` as a number without casts.
import type { CommandDeclaration, CommandOptionDeclaration } from "./command-rules.ts";

/** The value type an option of each type arrives as (user and channel as UUID strings). */
export interface OptionValueTypes {
  string: string;
  integer: number;
  number: number;
  boolean: boolean;
  user: string;
  channel: string;
}

type Choice<V> = { name: string; value: V };

interface BaseOption {
  description: string;
  required?: boolean;
}
export interface StringOption extends BaseOption {
  choices?: Choice<string>[];
}
export interface NumericOption extends BaseOption {
  choices?: Choice<number>[];
  min?: number;
  max?: number;
}

type Add<O, N extends string, V, R> = O & (R extends true ? { [K in N]: V } : { [K in N]?: V });

/** A command declaration built option by option; its type remembers each option's name, type and requiredness for {@link OptionsOf}. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- {} is the identity of the intersections each option adds
export class CommandBuilder<O extends object = {}> {
  private readonly options: CommandOptionDeclaration[] = [];
  /** Type-only: carries the options' types for OptionsOf; never set at run time. */
  declare readonly __options?: O;

  constructor(
    readonly name: string,
    readonly description: string,
  ) {}

  /** Adds a string option. */
  string<N extends string, R extends boolean = false>(name: N, o: StringOption & { required?: R }): CommandBuilder<Add<O, N, string, R>> {
    return this.add(name, "string", o);
  }
  /** Adds an integer option (`min_value`/`max_value` optional). */
  integer<N extends string, R extends boolean = false>(name: N, o: NumericOption & { required?: R }): CommandBuilder<Add<O, N, number, R>> {
    return this.add(name, "integer", o);
  }
  /** Adds a number option. */
  number<N extends string, R extends boolean = false>(name: N, o: NumericOption & { required?: R }): CommandBuilder<Add<O, N, number, R>> {
    return this.add(name, "number", o);
  }
  /** Adds a boolean option. */
  boolean<N extends string, R extends boolean = false>(name: N, o: BaseOption & { required?: R }): CommandBuilder<Add<O, N, boolean, R>> {
    return this.add(name, "boolean", o);
  }
  /** Adds a user option: the value is a user id. */
  user<N extends string, R extends boolean = false>(name: N, o: BaseOption & { required?: R }): CommandBuilder<Add<O, N, string, R>> {
    return this.add(name, "user", o);
  }
  /** Adds a channel option: the value is a channel id. */
  channel<N extends string, R extends boolean = false>(name: N, o: BaseOption & { required?: R }): CommandBuilder<Add<O, N, string, R>> {
    return this.add(name, "channel", o);
  }

  /** The plain declaration, as PUT /api/bot/commands takes it. */
  toJSON(): CommandDeclaration {
    return { name: this.name, description: this.description, options: this.options.map((o) => ({ ...o })) };
  }

  private add<T>(
    name: string,
    type: keyof OptionValueTypes,
    o: BaseOption & { choices?: Choice<string | number>[]; min?: number; max?: number },
  ): CommandBuilder<T & object> {
    this.options.push({ name, type, ...o });
    return this as unknown as CommandBuilder<T & object>;
  }
}

/** Starts a command declaration: `command("roll", "Roll dice").integer("sides", {...})`. */
export const command = (name: string, description: string) => new CommandBuilder(name, description);

/** The options object a handler receives for a command built with `command()`. */
export type OptionsOf<B> = B extends CommandBuilder<infer O> ? O : Record<string, string | number | boolean>;

/** A command as `put` and `sync` take it: a plain declaration or a {@link CommandBuilder}. */
export type CommandInput = CommandDeclaration | CommandBuilder<object>;

export const toDeclaration = (c: CommandInput): CommandDeclaration => (c instanceof CommandBuilder ? c.toJSON() : c);

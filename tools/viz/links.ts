/**
 * What passes between the portal's actors, read from the machines' source with the TypeScript compiler API: which
 * machines a machine spawns (its invoked children come from the loaded machine), what each machine reports to its
 * parent (domain/report.ts: `report(...)`, the `tell(...)` actions of a `reporter()`, xstate's `sendParent`)
 * and, for every machine with children, what each transition passes on (xstate's `sendTo` / `forwardTo`,
 * `enqueue.sendTo` inside `enqueueActions`, reports) and which effects it runs (actions the app provides).
 *
 * It reads syntax and declared types only (`types: { context, events }` of `setup`, annotated parameters, `as const`
 * objects): asking the checker for a type inferred through xstate's generics costs seconds per machine. What it
 * cannot read is an error naming the file and line, never a silently missing edge: every transition it reads is
 * paired with the loaded machine's (same events, same number of actions), and every send, report and spawn must
 * resolve to event type literals and to a child it knows.
 */
import ts from 'typescript';
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { ROOT } from '../lib/machines';
import { ownActionLabels } from '../lib/describe';

/** The actor a machine reports to: its parent. */
export const PARENT = '..';

/** One thing an action does between actors. */
export type Passing =
  /** sends `events` to the child with this id (`PARENT`: to its parent) */
  | { to: string; events: string[] }
  /** runs an effect the app provides (the router, the log, the storage), by the action's name */
  | { effect: string };

export interface LinkTransition {
  /** the state node's id */
  state: string;
  /** the event type as xstate keys it ('' = always); `entry` / `exit` for a state's own actions */
  event: string;
  kind: 'on' | 'entry' | 'exit';
  /** the runtime definition's position among the candidates of this event */
  index: number;
  passes: Passing[];
}

export interface LinkChild {
  /** the invoke id, or the systemId it is spawned with */
  id: string;
  systemId?: string;
  /** the machine it runs (file stem) */
  flow: string;
  spawned: boolean;
  /** the state node it runs in (the machine's id: its whole life; spawned: where it is spawned from) */
  state: string;
}

export interface MachineLinks {
  flow: string;
  children: LinkChild[];
  /** invoke ids of children that are not machines (calls, callbacks the app provides) */
  services: string[];
  /** event types it reports to its parent */
  reports: string[];
  /** machines with children only: what each transition (and each state's entry/exit) passes on */
  transitions: LinkTransition[];
}

export interface LinkInput {
  flow: string;
  file: string;
  exportName: string;
  machine: AnyStateMachine;
}

/** The module whose `report` / `reporter` tell a parent (architecture guide: what one machine tells another). */
const REPORT_FILE = join(ROOT, 'domain', 'report.ts');

class LinkError extends Error {
  constructor(node: ts.Node | undefined, message: string) {
    super(node ? `${where(node)}: ${message}` : message);
  }
}

function where(node: ts.Node): string {
  const sf = node.getSourceFile();
  const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
  return `${relative(ROOT, sf.fileName)}:${line + 1}`;
}

const text = (node: ts.Node) => node.getText().replace(/\s+/g, ' ').slice(0, 80);

/** parentheses, `as`, `satisfies` and `!` add nothing to what an expression is */
function unwrap(e: ts.Expression): ts.Expression {
  for (;;) {
    if (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
    else if (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isTypeAssertionExpression(e)) e = e.expression;
    else return e;
  }
}

function propName(name: ts.PropertyName | ts.BindingName | undefined): string | undefined {
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isStringLiteralLike(name) || ts.isNumericLiteral(name)) return name.text;
  if (ts.isPrivateIdentifier(name)) return name.text;
  return undefined;
}

function prop(obj: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  let found: ts.Expression | undefined;
  for (const p of obj.properties) {
    if (ts.isPropertyAssignment(p) && propName(p.name) === name) found = p.initializer;
    else if (ts.isShorthandPropertyAssignment(p) && p.name.text === name) found = p.name;
    else if (ts.isMethodDeclaration(p) && propName(p.name) === name)
      throw new LinkError(p, `${name}: write it as a property, not a method`);
  }
  return found;
}

const isFunction = (e: ts.Node): e is ts.ArrowFunction | ts.FunctionExpression =>
  ts.isArrowFunction(e) || ts.isFunctionExpression(e);

/** The expressions a function returns (its body, or its return statements outside nested functions). */
function returns(fn: ts.ArrowFunction | ts.FunctionExpression | ts.FunctionDeclaration): ts.Expression[] {
  if (!fn.body) return [];
  if (!ts.isBlock(fn.body)) return [fn.body];
  const out: ts.Expression[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isReturnStatement(n)) {
      if (n.expression) out.push(n.expression);
      return;
    }
    if (ts.isFunctionLike(n)) return;
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(fn.body, visit);
  return out;
}

type Binding = { kind: 'args' | 'params'; path: string[]; param: ts.ParameterDeclaration };

/**
 * Where an expression is read: the machine, the event that triggered the transition (when known), the params the
 * action was given at its call site, and what the enclosing functions' parameters stand for.
 */
interface Scope {
  machine: MachineSource;
  trigger?: string;
  params?: Val;
  bindings: Map<ts.Symbol, Binding>;
}

/** A value being followed: an expression (in its scope), a declared type, or part of the event / the context. */
type Val =
  | { kind: 'expr'; expr: ts.Expression; scope: Scope }
  | { kind: 'type'; type: ts.Type; at: ts.Node }
  | { kind: 'trigger'; path: string[]; scope: Scope; at: ts.Node }
  | { kind: 'context'; path: string[]; scope: Scope; at: ts.Node }
  | { kind: 'parent' };

interface MachineSource {
  flow: string;
  file: string;
  sf: ts.SourceFile;
  machine: AnyStateMachine;
  config: ts.ObjectLiteralExpression;
  /** setup({ actions }) by name */
  actions: Map<string, ts.Expression>;
  contextType?: ts.TypeNode;
  eventsType?: ts.TypeNode;
  /** invoke ids of children that are machines, and their machines */
  invoked: Map<string, string>;
  services: Set<string>;
  spawned: LinkChild[];
}

export class LinkReader {
  private program: ts.Program;
  private checker: ts.TypeChecker;
  private sources = new Map<string, MachineSource>();
  private machineFiles: Map<string, string>;

  constructor(
    private inputs: LinkInput[],
    /** every machine file of the folder, loaded or not: file → flow */
    allFiles: Map<string, string>,
  ) {
    if (!existsSync(REPORT_FILE))
      throw new Error(`${relative(ROOT, REPORT_FILE)} is missing: the viz reads reports by it`);
    this.machineFiles = allFiles;
    const options: ts.CompilerOptions = {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      noEmit: true,
      skipLibCheck: true,
      types: [],
      // es5 is enough: the reader asks for declared literal and property types (Partial, Extract), never for a method's
      lib: ['lib.es5.d.ts'],
    };
    const host = ts.createCompilerHost(options);
    // the project's own files only: xstate's and zod's declarations are recognised by their import, not read
    host.resolveModuleNameLiterals = (literals, containing, _redirect, opts) =>
      literals.map((l) =>
        l.text.startsWith('.') ? ts.resolveModuleName(l.text, containing, opts, host) : { resolvedModule: undefined },
      );
    this.program = ts.createProgram({ rootNames: [...allFiles.keys(), REPORT_FILE], options, host });
    this.checker = this.program.getTypeChecker();
  }

  /** Reads every machine; errors are collected per machine (that machine's links are then missing). */
  read(): { links: Map<string, MachineLinks>; errors: string[] } {
    const errors: string[] = [];
    const links = new Map<string, MachineLinks>();
    for (const input of this.inputs) {
      try {
        this.sources.set(input.flow, this.source(input));
      } catch (err) {
        errors.push(`${relative(ROOT, input.file)}: cannot read what it passes on: ${message(err)}`);
      }
    }
    for (const src of this.sources.values()) {
      try {
        src.spawned = this.spawns(src);
      } catch (err) {
        errors.push(`${relative(ROOT, src.file)}: cannot read what it passes on: ${message(err)}`);
      }
    }
    try {
      this.noReportsOutsideMachines();
    } catch (err) {
      errors.push(message(err));
    }
    for (const src of this.sources.values()) {
      try {
        const children: LinkChild[] = [...src.spawned];
        for (const node of nodesOf(src.machine.root))
          for (const inv of node.invoke) {
            const flow = src.invoked.get(inv.id);
            if (flow) children.push({ id: inv.id, systemId: inv.systemId, flow, spawned: false, state: node.id });
          }
        links.set(src.flow, {
          flow: src.flow,
          children,
          services: [...src.services],
          reports: this.reports(src),
          transitions: children.length ? this.transitions(src) : [],
        });
      } catch (err) {
        errors.push(`${relative(ROOT, src.file)}: cannot read what it passes on: ${message(err)}`);
      }
    }
    return { links, errors };
  }

  // ---- the machine's definition in its file

  private source({ flow, file, exportName, machine }: LinkInput): MachineSource {
    const sf = this.program.getSourceFile(resolve(file));
    if (!sf) throw new Error('not in the program');
    let init: ts.Expression | undefined;
    for (const st of sf.statements)
      if (ts.isVariableStatement(st))
        for (const d of st.declarationList.declarations)
          if (ts.isIdentifier(d.name) && d.name.text === exportName) init = d.initializer;
    if (!init) throw new LinkError(sf, `no \`const ${exportName} = ...\``);
    const call = this.resolveConst(init);
    if (
      !ts.isCallExpression(call) ||
      !ts.isPropertyAccessExpression(call.expression) ||
      call.expression.name.text !== 'createMachine'
    )
      throw new LinkError(init, `${exportName} is not \`setup({...}).createMachine({...})\``);
    const setupCall = this.resolveConst(call.expression.expression);
    let setupObj: ts.ObjectLiteralExpression | undefined;
    if (ts.isCallExpression(setupCall) && this.xstateName(setupCall.expression) === 'setup') {
      const arg = setupCall.arguments[0] && this.resolveConst(setupCall.arguments[0]);
      if (!arg || !ts.isObjectLiteralExpression(arg)) throw new LinkError(setupCall, 'setup() takes an object here');
      setupObj = arg;
    } else if (this.xstateName(call.expression.expression) !== undefined) {
      throw new LinkError(call, 'createMachine without setup(): not read');
    }
    const config = call.arguments[0] && this.resolveConst(call.arguments[0]);
    if (!config || !ts.isObjectLiteralExpression(config))
      throw new LinkError(call, 'the machine config is not an object');
    const actions = new Map<string, ts.Expression>();
    const actionsObj = setupObj && prop(setupObj, 'actions');
    if (actionsObj) {
      const obj = this.resolveConst(actionsObj);
      if (!ts.isObjectLiteralExpression(obj)) throw new LinkError(actionsObj, 'setup({ actions }) is not an object');
      for (const p of obj.properties) {
        if (ts.isPropertyAssignment(p) && propName(p.name)) actions.set(propName(p.name)!, p.initializer);
        else if (ts.isShorthandPropertyAssignment(p)) actions.set(p.name.text, p.name);
        else throw new LinkError(p, 'an action of setup() must be a named property');
      }
    }
    const typesObj = setupObj && prop(setupObj, 'types');
    const typeOf = (name: string): ts.TypeNode | undefined => {
      if (!typesObj || !ts.isObjectLiteralExpression(typesObj)) return undefined;
      const e = prop(typesObj, name);
      return e && ts.isAsExpression(e) ? e.type : undefined;
    };
    const invoked = new Map<string, string>();
    const services = new Set<string>();
    const byConfig = new Map<unknown, string>(this.inputs.map((i) => [i.machine.config, i.flow]));
    for (const node of nodesOf(machine.root))
      for (const inv of node.invoke) {
        const logic =
          typeof inv.src === 'string'
            ? (machine.implementations.actors as Record<string, unknown>)[inv.src]
            : (inv.src as unknown);
        const child = (logic as { config?: unknown } | undefined)?.config;
        const childFlow = child === undefined ? undefined : byConfig.get(child);
        if (childFlow) invoked.set(inv.id, childFlow);
        else if (logic && typeof logic === 'object' && 'root' in logic)
          throw new Error(`invokes \`${inv.id}\`, a machine that is not in a machines/*.machine.ts file`);
        else services.add(inv.id);
      }
    return {
      flow,
      file,
      sf,
      machine,
      config,
      actions,
      contextType: typeOf('context'),
      eventsType: typeOf('events'),
      invoked,
      services,
      spawned: [],
    };
  }

  /** follows identifiers to the initializer of the const they name (through imports), and unwraps */
  private resolveConst(e: ts.Expression, seen = new Set<ts.Node>()): ts.Expression {
    e = unwrap(e);
    if (!ts.isIdentifier(e) || seen.has(e)) return e;
    seen.add(e);
    const decl = this.declarationOf(e);
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer && isConst(decl))
      return this.resolveConst(decl.initializer, seen);
    return e;
  }

  private declarationOf(id: ts.Identifier): ts.Declaration | undefined {
    let sym =
      ts.isShorthandPropertyAssignment(id.parent) && id.parent.name === id
        ? this.checker.getShorthandAssignmentValueSymbol(id.parent)
        : this.checker.getSymbolAtLocation(id);
    if (sym && sym.flags & ts.SymbolFlags.Alias) {
      const target = this.checker.getAliasedSymbol(sym);
      if (target.declarations?.length) sym = target;
    }
    return sym?.declarations?.[0];
  }

  private symbolOf(id: ts.Identifier): ts.Symbol | undefined {
    return ts.isShorthandPropertyAssignment(id.parent) && id.parent.name === id
      ? this.checker.getShorthandAssignmentValueSymbol(id.parent)
      : this.checker.getSymbolAtLocation(id);
  }

  /** the name an identifier has in xstate, when it is imported from xstate */
  private xstateName(e: ts.Expression): string | undefined {
    if (!ts.isIdentifier(e)) return undefined;
    const sym = this.checker.getSymbolAtLocation(e);
    const decl = sym?.declarations?.[0];
    if (!decl || !ts.isImportSpecifier(decl)) return undefined;
    const from = decl.parent.parent.parent.moduleSpecifier;
    if (!ts.isStringLiteral(from) || from.text !== 'xstate') return undefined;
    return (decl.propertyName ?? decl.name).text;
  }

  /** `report` or `reporter` of domain/report.ts, when the identifier names one */
  private reportName(e: ts.Expression): 'report' | 'reporter' | undefined {
    if (!ts.isIdentifier(e)) return undefined;
    const decl = this.declarationOf(e);
    if (!decl || resolve(decl.getSourceFile().fileName) !== REPORT_FILE) return undefined;
    const name = ts.isFunctionDeclaration(decl) ? decl.name?.text : undefined;
    return name === 'report' || name === 'reporter' ? name : undefined;
  }

  /** `tell` in `const tell = reporter<...>()` */
  private isTell(e: ts.Expression): boolean {
    if (!ts.isIdentifier(e)) return false;
    const decl = this.declarationOf(e);
    if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer) return false;
    const init = unwrap(decl.initializer);
    return ts.isCallExpression(init) && this.reportName(init.expression) === 'reporter';
  }

  // ---- reports

  private reports(src: MachineSource): string[] {
    const out = new Set<string>();
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n)) {
        const scope = this.scopeAt(src, n);
        if (this.reportName(n.expression) === 'report') {
          if (n.arguments.length < 3) throw new LinkError(n, 'report(enqueue, self, event) takes three arguments');
          for (const t of this.eventTypes({ kind: 'expr', expr: n.arguments[2], scope })) out.add(t);
        } else if (this.isTell(n.expression)) {
          for (const t of this.eventTypes({ kind: 'expr', expr: n.arguments[0], scope })) out.add(t);
        } else if (this.xstateName(n.expression) === 'sendParent' || isEnqueueCall(n, 'sendParent')) {
          for (const t of this.eventTypes({ kind: 'expr', expr: n.arguments[0], scope })) out.add(t);
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(src.sf);
    return [...out].sort();
  }

  /** a report made outside a machine file would be nobody's: the viz could not say who reports it */
  private noReportsOutsideMachines(): void {
    for (const sf of this.program.getSourceFiles()) {
      const file = resolve(sf.fileName);
      if (this.machineFiles.has(file) || file === REPORT_FILE || sf.isDeclarationFile) continue;
      const visit = (n: ts.Node) => {
        if (ts.isCallExpression(n) && this.reportName(n.expression))
          throw new LinkError(n, 'reports outside a machines/*.machine.ts file: the viz cannot tell whose they are');
        ts.forEachChild(n, visit);
      };
      visit(sf);
    }
  }

  // ---- spawned children

  private spawns(src: MachineSource): LinkChild[] {
    const out: LinkChild[] = [];
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n)) {
        if (this.xstateName(n.expression) === 'spawnChild' || isEnqueueCall(n, 'spawnChild'))
          throw new LinkError(n, 'spawnChild is not read: spawn into a context field typed with the actor type');
        if (ts.isIdentifier(n.expression) && n.expression.text === 'spawn') out.push(...this.spawn(src, n));
      }
      ts.forEachChild(n, visit);
    };
    visit(src.sf);
    return out;
  }

  /**
   * `spawn(logic, { systemId })` inside an `assign`: the machine comes from the declared type of the context field it
   * is stored in (`flow: CustomerAddActor | null`; `pages: Partial<PageActors>` with `[id]: spawn(...)`).
   */
  private spawn(src: MachineSource, call: ts.CallExpression): LinkChild[] {
    const scope = this.scopeAt(src, call);
    const opts = call.arguments[1] && unwrap(call.arguments[1]);
    const sysExpr = opts && ts.isObjectLiteralExpression(opts) ? prop(opts, 'systemId') : undefined;
    if (!sysExpr) throw new LinkError(call, 'spawn(...) without a systemId: give it one, the system page names it so');
    const ids = this.literals({ kind: 'expr', expr: sysExpr, scope });
    // the context field: `field: (...) => spawn(...)` or `field: (...) => ({ ...rest, [id]: spawn(...) })`
    let node: ts.Node = call;
    let keyed = false;
    if (ts.isPropertyAssignment(node.parent) && ts.isComputedPropertyName(node.parent.name)) {
      if (text(node.parent.name.expression) !== text(sysExpr))
        throw new LinkError(call, 'a spawned actor is stored under a key other than its systemId');
      keyed = true;
      node = node.parent.parent;
    }
    while (ts.isParenthesizedExpression(node.parent)) node = node.parent;
    const fn = node.parent;
    const field =
      fn && isFunction(fn) && fn.body === node && ts.isPropertyAssignment(fn.parent)
        ? propName(fn.parent.name)
        : undefined;
    if (!field) throw new LinkError(call, 'cannot tell which context field this spawn(...) fills');
    const fieldSym = this.contextProperty(src, [field], call);
    const out: LinkChild[] = [];
    for (const id of ids) {
      const sym = keyed ? this.propertyOf(this.checker.getTypeOfSymbol(fieldSym), id, call) : fieldSym;
      const flows = this.flowsOfSymbol(sym, call);
      if (flows.length !== 1)
        throw new LinkError(
          call,
          `the actor spawned as \`${id}\` is typed as ${flows.length} machines (${flows.join(', ')})`,
        );
      out.push({ id, systemId: id, flow: flows[0], spawned: true, state: src.machine.root.id });
    }
    return out;
  }

  private contextProperty(src: MachineSource, path: string[], at: ts.Node): ts.Symbol {
    if (!src.contextType) throw new LinkError(at, 'the machine declares no `types: { context }` to read it by');
    let type = this.checker.getTypeFromTypeNode(src.contextType);
    let sym: ts.Symbol | undefined;
    for (const p of path) {
      sym = this.propertyOf(type, p, at);
      type = this.checker.getNonNullableType(this.checker.getTypeOfSymbol(sym));
    }
    return sym!;
  }

  private propertyOf(type: ts.Type, name: string, at: ts.Node): ts.Symbol {
    const sym = this.checker.getNonNullableType(type).getProperty(name);
    if (!sym) throw new LinkError(at, `no \`${name}\` in ${this.checker.typeToString(type)}`);
    return sym;
  }

  /** the machines a property's declared type names: `XActor` aliases of `ActorRefFrom<typeof xMachine>` */
  private flowsOfSymbol(sym: ts.Symbol, at: ts.Node): string[] {
    const decl = sym.declarations?.[0];
    const typeNode = decl && (ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl)) ? decl.type : undefined;
    if (!typeNode) throw new LinkError(at, `\`${sym.name}\` has no declared type to tell its machine by`);
    return this.flowsOfTypeNode(typeNode, at);
  }

  private flowsOfTypeNode(node: ts.TypeNode, at: ts.Node): string[] {
    if (ts.isUnionTypeNode(node)) return node.types.flatMap((t) => this.flowsOfTypeNode(t, at));
    if (ts.isParenthesizedTypeNode(node)) return this.flowsOfTypeNode(node.type, at);
    if (ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword) return [];
    if (node.kind === ts.SyntaxKind.UndefinedKeyword || node.kind === ts.SyntaxKind.NullKeyword) return [];
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
      if (this.xstateName(node.typeName) === 'ActorRefFrom') {
        const arg = node.typeArguments?.[0];
        if (arg && ts.isTypeQueryNode(arg) && ts.isIdentifier(arg.exprName)) {
          const decl = this.declarationOf(arg.exprName);
          const file = decl && resolve(decl.getSourceFile().fileName);
          const flow = file && this.machineFiles.get(file);
          if (flow) return [flow];
        }
        throw new LinkError(at, `${text(node)} does not name a machines/*.machine.ts machine`);
      }
      const decl = this.declarationOf(node.typeName);
      if (decl && ts.isTypeAliasDeclaration(decl)) return this.flowsOfTypeNode(decl.type, at);
    }
    throw new LinkError(at, `the type ${text(node)} does not name a machine (use its \`XActor\` type)`);
  }

  // ---- transitions

  private transitions(src: MachineSource): LinkTransition[] {
    const out: LinkTransition[] = [];
    const walk = (node: AnyStateNode, obj: ts.ObjectLiteralExpression) => {
      const found = new Map<string, ts.Expression[]>();
      const add = (event: string, list: ts.Expression[]) => found.set(event, [...(found.get(event) ?? []), ...list]);
      const on = prop(obj, 'on');
      if (on) {
        const events = (o: ts.ObjectLiteralExpression): void => {
          for (const p of o.properties) {
            // `...FORM_EDITS`: a const object of shared transitions
            if (ts.isSpreadAssignment(p)) events(this.object(p.expression, 'on'));
            else if (!ts.isPropertyAssignment(p)) throw new LinkError(p, '`on` must list its events as properties');
            else add(this.key(p.name, src), this.candidateList(p.initializer));
          }
        };
        events(this.object(on, 'on'));
      }
      const after = prop(obj, 'after');
      if (after)
        for (const p of this.object(after, 'after').properties) {
          if (!ts.isPropertyAssignment(p)) throw new LinkError(p, '`after` must list its delays as properties');
          add(`xstate.after.${this.key(p.name, src)}.${node.id}`, this.candidateList(p.initializer));
        }
      const always = prop(obj, 'always');
      if (always) add('', this.candidateList(always));
      const invoke = prop(obj, 'invoke');
      if (invoke) {
        const list = ts.isArrayLiteralExpression(unwrap(invoke))
          ? (unwrap(invoke) as ts.ArrayLiteralExpression).elements.map((e) => this.object(e, 'invoke'))
          : [this.object(invoke, 'invoke')];
        if (list.length !== node.invoke.length) throw new LinkError(invoke, 'the invokes do not match the machine');
        list.forEach((inv, i) => {
          const id = node.invoke[i].id;
          const done = prop(inv, 'onDone');
          const error = prop(inv, 'onError');
          const snapshot = prop(inv, 'onSnapshot');
          if (done) add(`xstate.done.actor.${id}`, this.candidateList(done));
          if (error) add(`xstate.error.actor.${id}`, this.candidateList(error));
          if (snapshot) add(`xstate.snapshot.${id}`, this.candidateList(snapshot));
        });
      }
      const onDone = prop(obj, 'onDone');
      if (onDone) add(`xstate.done.state.${node.id}`, this.candidateList(onDone));

      // pair with the loaded machine: the same events, the same candidates, the same actions
      const runtime = new Map<string, readonly { actions: readonly unknown[] }[]>(
        [...node.transitions].map(([k, v]) => [k, v as readonly { actions: readonly unknown[] }[]]),
      );
      if (node.always?.length) runtime.set('', node.always as readonly { actions: readonly unknown[] }[]);
      const keys = new Set([...runtime.keys(), ...found.keys()]);
      for (const event of keys) {
        const defs = runtime.get(event) ?? [];
        const list = found.get(event) ?? [];
        if (defs.length !== list.length)
          throw new LinkError(
            obj,
            `state ${node.id}, event ${event || 'always'}: the file has ${list.length} transition(s), the machine ${defs.length}`,
          );
        list.forEach((t, index) => {
          const actions = this.actionList(this.transitionActions(t));
          if (actions.length !== defs[index].actions.length)
            throw new LinkError(t, `${actions.length} action(s) read, the machine has ${defs[index].actions.length}`);
          const passes = actions.flatMap((a) => this.action(a, this.rootScope(src, event)));
          out.push({ state: node.id, event, kind: 'on', index, passes });
        });
      }
      for (const kind of ['entry', 'exit'] as const) {
        const e = prop(obj, kind);
        const actions = e ? this.actionList(e) : [];
        const own = ownActionLabels(node[kind]);
        if (actions.length !== own.length)
          throw new LinkError(
            obj,
            `state ${node.id}: ${actions.length} ${kind} action(s) read, the machine has ${own.length}`,
          );
        const passes = actions.flatMap((a) => this.action(a, this.rootScope(src, undefined)));
        if (passes.length) out.push({ state: node.id, event: kind, kind, index: 0, passes });
      }
      const states = prop(obj, 'states');
      const kids = Object.entries(node.states ?? {});
      if (!states) {
        if (kids.length) throw new LinkError(obj, `state ${node.id}: its states are not written here`);
        return;
      }
      const so = this.object(states, 'states');
      for (const [key, child] of kids) {
        const p = so.properties.find((x) => ts.isPropertyAssignment(x) && propName(x.name) === key) as
          ts.PropertyAssignment | undefined;
        if (!p) throw new LinkError(so, `state ${key} is not written as a property`);
        walk(child as AnyStateNode, this.stateObject(p.initializer));
      }
    };
    walk(src.machine.root, src.config);
    return out;
  }

  /** the candidates of one event: a target, a transition, or a list of them (a const of them too) */
  private candidateList(e: ts.Expression): ts.Expression[] {
    const x = this.resolveConst(e);
    return ts.isArrayLiteralExpression(x) ? x.elements.map((el) => this.resolveConst(el)) : [x];
  }

  private transitionActions(t: ts.Expression): ts.Expression {
    const x = this.resolveConst(t);
    if (ts.isObjectLiteralExpression(x)) return prop(x, 'actions') ?? ts.factory.createArrayLiteralExpression([]);
    return ts.factory.createArrayLiteralExpression([]);
  }

  private object(e: ts.Expression, what: string): ts.ObjectLiteralExpression {
    const o = this.resolveConst(e);
    if (!ts.isObjectLiteralExpression(o)) throw new LinkError(e, `\`${what}\` is not an object written here`);
    return o;
  }

  /** a state's config: an object, or what a local helper (or `createStateConfig`) returns */
  private stateObject(e: ts.Expression): ts.ObjectLiteralExpression {
    let x = this.resolveConst(e);
    for (let i = 0; i < 5 && ts.isCallExpression(x); i++) {
      const callee = unwrap(x.expression);
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'createStateConfig') {
        x = this.resolveConst(x.arguments[0]);
        continue;
      }
      const decl = ts.isIdentifier(callee) ? this.declarationOf(callee) : undefined;
      const fn =
        decl && ts.isFunctionDeclaration(decl)
          ? decl
          : decl && ts.isVariableDeclaration(decl) && decl.initializer && isFunction(unwrap(decl.initializer))
            ? (unwrap(decl.initializer) as ts.ArrowFunction)
            : undefined;
      const rets = fn ? returns(fn) : [];
      if (rets.length !== 1) throw new LinkError(x, 'a state built by a call must return one config');
      x = this.resolveConst(rets[0]);
    }
    if (!ts.isObjectLiteralExpression(x)) throw new LinkError(e, 'the state is not an object written here');
    return x;
  }

  private key(name: ts.PropertyName, src: MachineSource): string {
    const direct = propName(name);
    if (direct !== undefined) return direct;
    if (ts.isComputedPropertyName(name)) {
      const lits = this.literals({ kind: 'expr', expr: name.expression, scope: this.rootScope(src, undefined) });
      if (lits.length === 1) return lits[0];
    }
    throw new LinkError(name, 'cannot read this key');
  }

  /** the actions as listed: one expression per action xstate runs */
  private actionList(e: ts.Expression): ts.Expression[] {
    const x = unwrap(e);
    if (ts.isArrayLiteralExpression(x)) return x.elements.flatMap((el) => this.actionList(el));
    if (x.kind === ts.SyntaxKind.UndefinedKeyword || (ts.isIdentifier(x) && x.text === 'undefined')) return [];
    if (ts.isSpreadElement(x)) {
      // `...PICKED`: a const list of actions shared by several transitions
      const list = this.resolveConst(x.expression);
      if (!ts.isArrayLiteralExpression(list))
        throw new LinkError(x, 'a spread in an action list must name a const list');
      return this.actionList(list);
    }
    if (ts.isIdentifier(x)) {
      // a const list of actions (a single named action stays itself: its name says what it is)
      const r = this.resolveConst(x);
      if (ts.isArrayLiteralExpression(r)) return this.actionList(r);
    }
    return [x];
  }

  private rootScope(machine: MachineSource, trigger: string | undefined): Scope {
    return { machine, trigger, bindings: new Map() };
  }

  /** the scope of a node: the parameters of every function around it (without a call site: their declared types) */
  private scopeAt(src: MachineSource, node: ts.Node): Scope {
    const scope = this.rootScope(src, undefined);
    const fns: (ts.ArrowFunction | ts.FunctionExpression)[] = [];
    for (let n = node.parent; n; n = n.parent) if (isFunction(n)) fns.unshift(n);
    for (const fn of fns) this.bind(fn, scope);
    return scope;
  }

  private bind(fn: ts.ArrowFunction | ts.FunctionExpression, scope: Scope): Scope {
    fn.parameters.forEach((param, i) => {
      if (i > 1) return;
      const kind = i === 0 ? 'args' : 'params';
      const visit = (name: ts.BindingName, path: string[]) => {
        if (ts.isIdentifier(name)) {
          const sym = this.checker.getSymbolAtLocation(name);
          if (sym) scope.bindings.set(sym, { kind, path, param });
          return;
        }
        if (ts.isObjectBindingPattern(name)) {
          for (const el of name.elements) {
            if (el.dotDotDotToken) visit(el.name, path);
            else {
              const key = propName(el.propertyName ?? el.name);
              if (key === undefined) throw new LinkError(el, 'cannot read this binding');
              visit(el.name, [...path, key]);
            }
          }
        }
      };
      visit(param.name, []);
    });
    return scope;
  }

  private enter(fn: ts.ArrowFunction | ts.FunctionExpression, scope: Scope, params: Val | undefined): Scope {
    return this.bind(fn, { machine: scope.machine, trigger: scope.trigger, params, bindings: new Map(scope.bindings) });
  }

  // ---- actions

  /** What one action (as written in a transition, or in setup) passes on. */
  private action(e: ts.Expression, scope: Scope, name?: string): Passing[] {
    const x = unwrap(e);
    if (ts.isStringLiteralLike(x)) return this.named(x.text, undefined, scope, x);
    if (ts.isObjectLiteralExpression(x)) {
      const type = prop(x, 'type');
      const params = prop(x, 'params');
      if (!type || !ts.isStringLiteralLike(unwrap(type)))
        throw new LinkError(x, 'an action object needs a literal `type`');
      return this.named(
        (unwrap(type) as ts.StringLiteral).text,
        params && { kind: 'expr', expr: params, scope },
        scope,
        x,
      );
    }
    if (ts.isIdentifier(x)) {
      const r = this.resolveConst(x);
      if (r === x) throw new LinkError(x, `cannot tell what the action \`${x.text}\` is`);
      return this.action(r, scope, name ?? x.text);
    }
    if (ts.isCallExpression(x)) return this.call(x, scope, name);
    if (isFunction(x)) {
      this.noHiddenSends(x);
      return name ? [{ effect: name }] : [];
    }
    throw new LinkError(x, `cannot read the action ${text(x)}`);
  }

  private named(name: string, params: Val | undefined, site: Scope, at: ts.Node): Passing[] {
    const impl = site.machine.actions.get(name);
    if (!impl) {
      if (name.startsWith('xstate.')) return [];
      throw new LinkError(at, `the action \`${name}\` is not in setup({ actions })`);
    }
    return this.action(impl, { machine: site.machine, trigger: site.trigger, params, bindings: new Map() }, name);
  }

  private call(call: ts.CallExpression, scope: Scope, name: string | undefined): Passing[] {
    const callee = unwrap(call.expression);
    const x = this.xstateName(callee);
    const args = call.arguments;
    if (x !== undefined) {
      switch (x) {
        case 'sendTo':
          return this.sendTo(args[0], args[1], scope, call);
        case 'forwardTo':
          return this.sendTo(args[0], undefined, scope, call);
        case 'sendParent':
          return [{ to: PARENT, events: this.eventTypes(this.fnVal(args[0], scope)) }];
        case 'assign':
        case 'raise':
        case 'emit':
        case 'log':
        case 'cancel':
        case 'stopChild':
        case 'stop':
          return [];
        case 'enqueueActions':
          return this.enqueued(args[0], scope);
        default:
          throw new LinkError(call, `xstate's ${x}(...) as an action is not read`);
      }
    }
    if (this.isTell(callee)) return [{ to: PARENT, events: this.eventTypes(this.fnVal(args[0], scope)) }];
    if (this.reportName(callee)) throw new LinkError(call, 'report(...) belongs inside enqueueActions');
    // a project function that makes the action (an effect's default, e.g. notProvidedAction): it must not send
    const decl = ts.isIdentifier(callee) ? this.declarationOf(callee) : undefined;
    if (decl && (ts.isFunctionDeclaration(decl) || ts.isVariableDeclaration(decl))) {
      this.noHiddenSends(decl);
      return name ? [{ effect: name }] : [];
    }
    throw new LinkError(call, `cannot read the action ${text(call)}`);
  }

  /** a function given as an event or an action creator is read with the params of the action's call site */
  private fnVal(e: ts.Expression | undefined, scope: Scope): Val {
    if (!e) throw new LinkError(undefined, 'an argument is missing');
    return { kind: 'expr', expr: e, scope };
  }

  private sendTo(to: ts.Expression, event: ts.Expression | undefined, scope: Scope, at: ts.Node): Passing[] {
    const targets = this.targets({ kind: 'expr', expr: to, scope }, at);
    const events = event
      ? this.eventTypes({ kind: 'expr', expr: event, scope })
      : this.eventTypes({ kind: 'trigger', path: [], scope, at });
    return targets.map((t) => ({ to: t, events }));
  }

  /** enqueueActions(({ enqueue, ... }, params) => { ... }): its sends, reports and enqueued actions */
  private enqueued(fnExpr: ts.Expression | undefined, scope: Scope): Passing[] {
    const fn = fnExpr && unwrap(fnExpr);
    if (!fn || !isFunction(fn)) throw new LinkError(fnExpr ?? undefined, 'enqueueActions takes a function here');
    const inner = this.enter(fn, scope, scope.params);
    const out: Passing[] = [];
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n)) {
        const c = unwrap(n.expression);
        if (isEnqueueCall(n, 'sendTo')) out.push(...this.sendTo(n.arguments[0], n.arguments[1], inner, n));
        else if (isEnqueueCall(n, 'sendParent'))
          out.push({ to: PARENT, events: this.eventTypes({ kind: 'expr', expr: n.arguments[0], scope: inner }) });
        else if (this.reportName(c) === 'report')
          out.push({ to: PARENT, events: this.eventTypes({ kind: 'expr', expr: n.arguments[2], scope: inner }) });
        else if (ts.isIdentifier(c) && c.text === 'enqueue') out.push(...this.action(n.arguments[0], inner));
        else if (
          isEnqueueCall(n, 'assign') ||
          isEnqueueCall(n, 'emit') ||
          isEnqueueCall(n, 'raise') ||
          isEnqueueCall(n, 'stopChild') ||
          isEnqueueCall(n, 'cancel') ||
          isEnqueueCall(n, 'log')
        ) {
          // internal to the machine (assign's spawn is read with the children)
        } else if (ts.isIdentifier(c) || ts.isPropertyAccessExpression(c)) {
          const decl = ts.isIdentifier(c) ? this.declarationOf(c) : undefined;
          if (decl && decl.getSourceFile() === fn.getSourceFile() && !isWithin(decl, fn))
            throw new LinkError(n, 'a local helper called inside enqueueActions is not read: write the sends here');
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(fn.body);
    return out;
  }

  /** an action this reader treats as an effect must not send anything on the quiet */
  private noHiddenSends(node: ts.Node): void {
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n)) {
        const c = unwrap(n.expression);
        const x = this.xstateName(c);
        if (
          x === 'sendTo' ||
          x === 'sendParent' ||
          x === 'forwardTo' ||
          this.reportName(c) ||
          this.isTell(c) ||
          (ts.isPropertyAccessExpression(c) && c.name.text === 'send')
        )
          throw new LinkError(n, 'this action sends an event in a way the viz does not read');
      }
      ts.forEachChild(n, visit);
    };
    visit(node);
  }

  // ---- values

  /** what an expression is, one level down: bindings followed, consts resolved, branches split */
  private resolveVal(v: Val): Val[] {
    if (v.kind !== 'expr') return [v];
    const e = unwrap(v.expr);
    if (ts.isConditionalExpression(e))
      return [...this.resolveVal({ ...v, expr: e.whenTrue }), ...this.resolveVal({ ...v, expr: e.whenFalse })];
    const ref = this.refOf(e, v.scope);
    if (ref) {
      const { binding, path } = ref;
      if (binding.kind === 'params') {
        if (v.scope.params) return this.lookup(v.scope.params, path).flatMap((x) => this.resolveVal(x));
        return [this.declared(binding.param, path, e)];
      }
      const [head, ...rest] = path;
      if (head === 'event') return [{ kind: 'trigger', path: rest, scope: v.scope, at: e }];
      if (head === 'context') return [{ kind: 'context', path: rest, scope: v.scope, at: e }];
      if (head === 'self' && rest.length === 1 && rest[0] === '_parent') return [{ kind: 'parent' }];
      throw new LinkError(e, `cannot read ${text(e)}`);
    }
    if (ts.isIdentifier(e)) {
      const r = this.resolveConst(e);
      if (r !== e) return this.resolveVal({ ...v, expr: r });
      // a local const (inside the function being read): its initializer, in the same scope
      const decl = this.declarationOf(e);
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer)
        return this.resolveVal({ ...v, expr: decl.initializer });
    }
    return [{ ...v, expr: e }];
  }

  /** `p.event.type`, `event`, `{ target }`: the binding an expression reads and the path below it */
  private refOf(e: ts.Expression, scope: Scope): { binding: Binding; path: string[] } | undefined {
    const path: string[] = [];
    let x = unwrap(e);
    for (;;) {
      if (ts.isPropertyAccessExpression(x)) {
        path.unshift(x.name.text);
        x = unwrap(x.expression);
      } else if (ts.isElementAccessExpression(x) && ts.isStringLiteralLike(x.argumentExpression)) {
        path.unshift(x.argumentExpression.text);
        x = unwrap(x.expression);
      } else break;
    }
    if (!ts.isIdentifier(x)) return undefined;
    const sym = this.symbolOf(x);
    const binding = sym && scope.bindings.get(sym);
    return binding ? { binding, path: [...binding.path, ...path] } : undefined;
  }

  /** a parameter read without a call site: its declared type */
  private declared(param: ts.ParameterDeclaration, path: string[], at: ts.Node): Val {
    if (!param.type) throw new LinkError(at, `${text(at)}: the parameter has no declared type to read it by`);
    let type = this.checker.getTypeFromTypeNode(param.type);
    for (const p of path) type = this.checker.getTypeOfSymbol(this.propertyOf(type, p, at));
    return { kind: 'type', type, at };
  }

  /** the part of a value at `path` (object literals, function results, declared types) */
  private lookup(v: Val, path: string[]): Val[] {
    if (!path.length) return [v];
    if (v.kind === 'trigger' || v.kind === 'context') return [{ ...v, path: [...v.path, ...path] }];
    if (v.kind === 'parent') throw new LinkError(undefined, 'cannot read a part of the parent');
    if (v.kind === 'type') {
      const sym = this.propertyOf(v.type, path[0], v.at);
      return this.lookup({ kind: 'type', type: this.checker.getTypeOfSymbol(sym), at: v.at }, path.slice(1));
    }
    return this.resolveVal(v).flatMap((r) => {
      if (r.kind !== 'expr') return this.lookup(r, path);
      const e = unwrap(r.expr);
      if (ts.isObjectLiteralExpression(e)) {
        const p = prop(e, path[0]);
        if (p) return this.lookup({ kind: 'expr', expr: p, scope: r.scope }, path.slice(1));
        const spreads = e.properties.filter(ts.isSpreadAssignment);
        if (spreads.length === 1)
          return this.lookup({ kind: 'expr', expr: spreads[0].expression, scope: r.scope }, path);
        throw new LinkError(e, `no \`${path[0]}\` in ${text(e)}`);
      }
      if (isFunction(e))
        return returns(e).flatMap((ret) =>
          this.lookup({ kind: 'expr', expr: ret, scope: this.enter(e, r.scope, r.scope.params) }, path),
        );
      return this.lookup(this.typed(e), path);
    });
  }

  /** the declared type of an expression that names a const or calls a project function (never an inferred one) */
  private typed(e: ts.Expression): Extract<Val, { kind: 'type' }> {
    const x = unwrap(e);
    if (ts.isCallExpression(x) && ts.isIdentifier(x.expression)) {
      const decl = this.declarationOf(x.expression);
      if (decl && (ts.isFunctionDeclaration(decl) || ts.isArrowFunction(decl) || ts.isVariableDeclaration(decl))) {
        const sig =
          ts.isVariableDeclaration(decl) && decl.initializer && isFunction(unwrap(decl.initializer))
            ? this.checker.getSignatureFromDeclaration(unwrap(decl.initializer) as ts.ArrowFunction)
            : ts.isFunctionDeclaration(decl)
              ? this.checker.getSignatureFromDeclaration(decl)
              : undefined;
        if (sig) return { kind: 'type', type: this.checker.getReturnTypeOfSignature(sig), at: x };
      }
    }
    let root: ts.Expression = x;
    while (ts.isPropertyAccessExpression(root)) root = root.expression;
    if (ts.isIdentifier(root)) {
      const decl = this.declarationOf(root);
      if (decl && ts.isVariableDeclaration(decl) && isConst(decl) && !isWithinFunction(decl))
        return { kind: 'type', type: this.checker.getTypeAtLocation(x), at: x };
    }
    throw new LinkError(x, `cannot read ${text(x)}`);
  }

  /** the `type` literals of the event(s) a value can be */
  private eventTypes(v: Val): string[] {
    const out = new Set<string>();
    for (const r of this.resolveVal(v)) {
      if (r.kind === 'trigger' && r.path.length === 0) {
        const t = r.scope.trigger;
        if (!t || t.startsWith('xstate.') || t === 'entry' || t === 'exit')
          throw new LinkError(r.at, 'passes on the event that came in, but here no event comes in');
        out.add(t);
        continue;
      }
      if (r.kind === 'expr') {
        const e = unwrap(r.expr);
        if (ts.isObjectLiteralExpression(e) && !prop(e, 'type') && !e.properties.some(ts.isSpreadAssignment))
          throw new LinkError(e, 'an event without a `type`');
        if (isFunction(e)) {
          for (const ret of returns(e))
            for (const t of this.eventTypes({ kind: 'expr', expr: ret, scope: this.enter(e, r.scope, r.scope.params) }))
              out.add(t);
          continue;
        }
      }
      if (r.kind === 'type') {
        for (const t of this.typeLiterals(r.type, 'type', r.at)) out.add(t);
        continue;
      }
      for (const t of this.literals(...this.lookup(r, ['type']))) out.add(t);
    }
    return [...out];
  }

  /** the string literals a value can be */
  private literals(...vals: Val[]): string[] {
    const out = new Set<string>();
    for (const v of vals)
      for (const r of this.resolveVal(v)) {
        if (r.kind === 'expr') {
          const e = unwrap(r.expr);
          if (ts.isStringLiteralLike(e)) {
            out.add(e.text);
            continue;
          }
          const t = this.typed(e);
          for (const s of this.typeLiterals(t.type, undefined, e)) out.add(s);
          continue;
        }
        if (r.kind === 'type') {
          for (const s of this.typeLiterals(r.type, undefined, r.at)) out.add(s);
          continue;
        }
        if (r.kind === 'trigger') {
          const t = this.triggerType(r);
          for (const s of this.typeLiterals(t, undefined, r.at)) out.add(s);
          continue;
        }
        if (r.kind === 'context') {
          const sym = this.contextProperty(r.scope.machine, r.path, r.at);
          for (const s of this.typeLiterals(this.checker.getTypeOfSymbol(sym), undefined, r.at)) out.add(s);
          continue;
        }
        throw new LinkError(undefined, 'the parent is not a name');
      }
    return [...out];
  }

  /** a part of the event that came in, by the machine's declared events */
  private triggerType(r: Extract<Val, { kind: 'trigger' }>): ts.Type {
    const { machine, trigger } = r.scope;
    if (!machine.eventsType) throw new LinkError(r.at, 'the machine declares no `types: { events }` to read it by');
    const all = this.checker.getTypeFromTypeNode(machine.eventsType);
    const members = (all.isUnion() ? all.types : [all]).filter((m) => {
      if (!trigger) return true;
      const t = m.getProperty('type');
      return t && this.typeLiterals(this.checker.getTypeOfSymbol(t), undefined, r.at, true).includes(trigger);
    });
    if (!members.length) throw new LinkError(r.at, `the machine's events have no \`${trigger}\``);
    let types = members;
    for (const p of r.path) types = types.map((m) => this.checker.getTypeOfSymbol(this.propertyOf(m, p, r.at)));
    return types.length === 1
      ? types[0]
      : (this.checker as unknown as { getUnionType(t: ts.Type[]): ts.Type }).getUnionType(types);
  }

  private typeLiterals(type: ts.Type, property: string | undefined, at: ts.Node, quiet = false): string[] {
    const out: string[] = [];
    const t = this.checker.getNonNullableType(type);
    for (const m of t.isUnion() ? t.types : [t]) {
      const v = property ? m.getProperty(property) : undefined;
      const lit = property ? (v ? this.checker.getTypeOfSymbol(v) : undefined) : m;
      const parts = lit ? (lit.isUnion() ? lit.types : [lit]) : [];
      if (!parts.length || !parts.every((p) => p.isStringLiteral())) {
        if (quiet) continue;
        throw new LinkError(
          at,
          `${text(at)}: ${this.checker.typeToString(m)} is not a string literal${property ? ` \`${property}\`` : ''}`,
        );
      }
      for (const p of parts) out.push(p.value);
    }
    return out;
  }

  /** the children (ids) or the parent a target expression names */
  private targets(v: Val, at: ts.Node): string[] {
    const src = (v as { scope?: Scope }).scope?.machine;
    if (!src) throw new LinkError(at, 'no machine');
    const out = new Set<string>();
    for (const r of this.resolveVal(v)) {
      if (r.kind === 'parent') {
        out.add(PARENT);
        continue;
      }
      if (r.kind === 'context') {
        const flows = this.flowsOfSymbol(this.contextProperty(src, r.path, r.at), r.at);
        const kids = [...src.spawned, ...[...src.invoked].map(([id, flow]) => ({ id, flow }))].filter((c) =>
          flows.includes(c.flow),
        );
        if (!kids.length) throw new LinkError(r.at, `${text(r.at)}: no child of this machine runs ${flows.join(', ')}`);
        for (const k of kids) out.add(k.id);
        continue;
      }
      const e = r.kind === 'expr' ? unwrap(r.expr) : undefined;
      const ids =
        e && ts.isElementAccessExpression(e)
          ? this.literals({ kind: 'expr', expr: e.argumentExpression, scope: (r as { scope: Scope }).scope })
          : this.literals(r);
      for (const id of ids) {
        const known =
          src.invoked.has(id) || src.services.has(id) || src.spawned.some((c) => c.id === id || c.systemId === id);
        if (!known) throw new LinkError(at, `sends to \`${id}\`, which is not a child of ${src.flow}`);
        out.add(id);
      }
    }
    return [...out];
  }
}

function isEnqueueCall(n: ts.CallExpression, method: string): boolean {
  const c = unwrap(n.expression);
  return (
    ts.isPropertyAccessExpression(c) &&
    c.name.text === method &&
    ts.isIdentifier(c.expression) &&
    c.expression.text === 'enqueue'
  );
}

function isConst(decl: ts.VariableDeclaration): boolean {
  return ts.isVariableDeclarationList(decl.parent) && (decl.parent.flags & ts.NodeFlags.Const) !== 0;
}

function isWithin(node: ts.Node, outer: ts.Node): boolean {
  for (let n: ts.Node | undefined = node; n; n = n.parent) if (n === outer) return true;
  return false;
}

function isWithinFunction(node: ts.Node): boolean {
  for (let n = node.parent; n; n = n.parent) if (ts.isFunctionLike(n)) return true;
  return false;
}

function nodesOf(root: AnyStateNode): AnyStateNode[] {
  return [root, ...Object.values(root.states ?? {}).flatMap((c) => nodesOf(c as AnyStateNode))];
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Reads the links of the loaded machines of a folder (see LinkReader). */
export function readLinks(machines: { flow: string; file: string; exportName: string; machine?: AnyStateMachine }[]): {
  links: Map<string, MachineLinks>;
  errors: string[];
} {
  const loaded = machines.filter((m): m is LinkInput => !!m.machine);
  const files = new Map(machines.map((m) => [resolve(m.file), m.flow]));
  return new LinkReader(loaded, files).read();
}

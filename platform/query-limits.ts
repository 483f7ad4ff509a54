import { GraphQLError, Kind, type ASTNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationRule } from 'graphql';
import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { getComplexity, simpleEstimator, type ComplexityEstimator } from 'graphql-query-complexity';

/** 400 with a code the caller can read (the same shape as graphql-service's `httpError`). */
const refused = (message: string, code: string) => new GraphQLError(message, { extensions: { code, http: { status: 400 } } });

/**
 * Rejects operations nested deeper than `maxDepth` fields (fragments followed), before any
 * resolver runs: a bounded query cannot make the service walk references forever.
 */
export function depthLimit(maxDepth: number): ValidationRule {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    const depthOf = (selectionSet: SelectionSetNode | undefined, seen: Set<string>): number => {
      if (!selectionSet) return 0;
      let deepest = 0;
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) {
          if (selection.name.value.startsWith('__')) continue;
          deepest = Math.max(deepest, 1 + depthOf(selection.selectionSet, seen));
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(selection.selectionSet, seen));
        } else {
          const name = selection.name.value;
          const fragment = fragments.get(name);
          if (fragment && !seen.has(name)) deepest = Math.max(deepest, depthOf(fragment.selectionSet, new Set(seen).add(name)));
        }
      }
      return deepest;
    };
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet, new Set());
        if (depth > maxDepth) {
          context.reportError(
            new GraphQLError(`The query is ${depth} levels deep; at most ${maxDepth} are allowed.`, { nodes: [node as ASTNode] }),
          );
        }
      },
    };
  };
}

/**
 * Rejects operations asking for more than `maximum` top-level fields (aliases and fragments
 * counted): one request cannot fan out into a thousand aliased lookups of one cheap field.
 */
export function rootFieldLimit(maximum: number): ValidationRule {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    const countFields = (selectionSet: SelectionSetNode, seen: Set<string>): number => {
      let fields = 0;
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) {
          if (!selection.name.value.startsWith('__')) fields += 1;
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          fields += countFields(selection.selectionSet, seen);
        } else {
          const fragment = fragments.get(selection.name.value);
          if (fragment && !seen.has(fragment.name.value))
            fields += countFields(fragment.selectionSet, new Set(seen).add(fragment.name.value));
        }
      }
      return fields;
    };
    return {
      OperationDefinition(node) {
        const fields = countFields(node.selectionSet, new Set());
        if (fields > maximum) {
          context.reportError(
            new GraphQLError(`The query asks for ${fields} top-level fields; at most ${maximum} are allowed.`, {
              nodes: [node as ASTNode],
            }),
          );
        }
      },
    };
  };
}

/** Fields with a `first` argument return that many items: their children count that many times. */
const pagedListEstimator: ComplexityEstimator = ({ args, childComplexity }) =>
  typeof args.first === 'number' ? 1 + Math.max(args.first, 1) * childComplexity : undefined;

/**
 * Estimates an operation's cost from its fields and page sizes once its variables are known, and
 * refuses it with 400 when it is above `maximum`.
 */
export function costLimit<Context extends BaseContext>(maximum: number): ApolloServerPlugin<Context> {
  return {
    async requestDidStart({ schema }) {
      return {
        async didResolveOperation({ request, document }) {
          let cost: number;
          try {
            cost = getComplexity({
              schema,
              query: document,
              variables: request.variables ?? {},
              ...(request.operationName ? { operationName: request.operationName } : {}),
              estimators: [pagedListEstimator, simpleEstimator({ defaultComplexity: 1 })],
            });
          } catch (error) {
            // Variables that do not fit the operation: the caller's mistake, said as such.
            throw refused((error as Error).message, 'BAD_USER_INPUT');
          }
          if (cost > maximum) throw refused(`The query costs ${cost}; at most ${maximum} is allowed.`, 'QUERY_TOO_COSTLY');
        },
      };
    },
  };
}

import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { isIsoDate } from '../validation';

/** A calendar day as 'YYYY-MM-DD'. Bad values are refused before any resolver runs. */
export const LocalDateScalar = new GraphQLScalarType<string, string>({
  name: 'LocalDate',
  description: 'A calendar date without time, as YYYY-MM-DD',
  serialize(value) {
    if (typeof value === 'string') return value;
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    throw new GraphQLError('LocalDate must be a YYYY-MM-DD string');
  },
  parseValue(value) {
    if (typeof value === 'string' && isIsoDate(value)) return value;
    throw new GraphQLError('Please enter a valid date (YYYY-MM-DD)', { extensions: { code: 'BAD_USER_INPUT' } });
  },
  parseLiteral(ast) {
    if (ast.kind === Kind.STRING && isIsoDate(ast.value)) return ast.value;
    throw new GraphQLError('Please enter a valid date (YYYY-MM-DD)', { extensions: { code: 'BAD_USER_INPUT' } });
  },
});

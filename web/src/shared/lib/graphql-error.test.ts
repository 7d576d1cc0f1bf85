import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client';
import { callFailureMessage, errorCode, errorMessage, fieldErrors } from './graphql-error';

const graphQLError = (message: string, extensions?: Record<string, unknown>) =>
  new CombinedGraphQLErrors({ errors: [{ message, extensions }] });

describe('error messages shown to the user', () => {
  it("uses the server's GraphQL message, else the screen's fallback", () => {
    expect(errorMessage(graphQLError('Failed to fetch explore posts'), 'Failed to load posts')).toBe('Failed to fetch explore posts');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Failed to load posts')).toBe('Failed to load posts');
  });

  it('reads the error code and the field messages of BAD_USER_INPUT', () => {
    const error = graphQLError('Invalid input', {
      code: 'BAD_USER_INPUT',
      fields: { caption: 'Caption must be at most 2,200 characters' },
    });
    expect(errorCode(error)).toBe('BAD_USER_INPUT');
    expect(fieldErrors(error)).toEqual({ caption: 'Caption must be at most 2,200 characters' });
    expect(fieldErrors(new Error('x'))).toEqual({});
  });

  it('words refused HTTP calls and non-JSON answers as the spec does', () => {
    const refused = new ServerError('Response not successful', {
      response: new Response('', { status: 503, statusText: 'Service Unavailable' }),
      bodyText: '',
    });
    expect(callFailureMessage(refused, 'Failed to save event: ', 'Failed to save event.')).toBe(
      'Failed to save event: Service Unavailable',
    );

    const notJson = new ServerParseError(new SyntaxError('Unexpected token <'), {
      response: new Response('<html>', { status: 200 }),
      bodyText: '<html>',
    });
    expect(callFailureMessage(notJson, 'Failed to fetch events: ', 'Failed to fetch events')).toBe('Invalid response format from server');
    expect(callFailureMessage(new Error('offline'), 'Failed to delete event: ', 'Failed to delete event.')).toBe('Failed to delete event.');
  });
});

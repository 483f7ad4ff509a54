// Text files the bundler and the test transform both import as strings.
declare module '*.graphql' {
  const text: string;
  export default text;
}
declare module '*.sql' {
  const text: string;
  export default text;
}

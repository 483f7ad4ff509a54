// Lets tests import .graphql and .sql files as strings, as the bundler does.
module.exports = {
  process(sourceText) {
    return { code: `export default ${JSON.stringify(sourceText)};` };
  },
};

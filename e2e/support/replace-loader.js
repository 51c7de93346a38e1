/**
 * A tiny webpack loader for the independent-delivery journeys: replaces one string in the source
 * of the modules it is applied to, so a rebuilt remote has a visible change without touching the
 * remote's own files. Options: { search: string, replace: string }.
 */
module.exports = function replaceLoader(source) {
  const { search, replace } = this.getOptions();
  if (!source.includes(search)) {
    this.emitError(new Error(`replace-loader: "${search}" not found in ${this.resourcePath}`));
    return source;
  }
  return source.split(search).join(replace);
};

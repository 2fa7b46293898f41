/** The one part of jStat (CommonJS, no types of its own) this package uses. */
declare module 'jstat' {
  const jStat: {
    studentt: {
      /** The quantile of Student's t with `dof` degrees of freedom at cumulative probability `p`. */
      inv(p: number, dof: number): number;
    };
    normal: {
      /** The normal quantile at cumulative probability `p`. */
      inv(p: number, mean: number, sd: number): number;
    };
  };
  export default jStat;
}

export { default } from "../../../namespaces/bench/check.js";

export { default } from "../../../namespaces/bench/public-resolvers.js";

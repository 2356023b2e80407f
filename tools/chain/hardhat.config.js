// The local EVM network of development and tests (`hardhat node`): chain 31337, a block per
// transaction (automine), the well-known funded test accounts. Nothing is compiled here: the
// test token's bytecode is committed (test-token.json).
module.exports = {
  networks: {
    hardhat: { chainId: 31337, mining: { auto: true } },
  },
};

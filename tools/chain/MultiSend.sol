// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IERC20 {
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// A batch payout in one transaction, as exchanges and payroll contracts send them: the tests use
/// it to pay one custody wallet twice in one transaction (two Transfer logs, one receipt).
/// Compiled by compile-test-token.mjs; the bytecode is committed.
contract MultiSend {
    function send(IERC20 token, address[] calldata to, uint256[] calldata values) external {
        require(to.length == values.length, "lengths");
        for (uint256 i = 0; i < to.length; i++) {
            require(token.transferFrom(msg.sender, to[i], values[i]), "transfer");
        }
    }
}
